import * as v from 'valibot';
import { RuntimeConfig } from '#contracts/config.ts';
import { describeRoutes } from '../../openapi/describe.ts';

/** config.routes.ts and the health check of app.ts. */
export const configApi = describeRoutes('public', {
  'GET /config.json': {
    summary: "The SPA's runtime config: identity pool and endpoint, API and media bases",
    tags: ['Platform'],
    ok: { 200: RuntimeConfig },
  },
  'GET /healthz': {
    summary: 'Liveness: the process answers and its database does',
    tags: ['Platform'],
    ok: { 200: v.object({ status: v.literal('ok') }) },
  },
});
