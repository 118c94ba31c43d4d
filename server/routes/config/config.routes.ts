import { Hono } from 'hono';
import type { RuntimeConfig } from '#contracts/config.ts';
import type { AppDeps } from '../../types.ts';

/**
 * The SPA's runtime configuration. Amplify needs an ABSOLUTE userPoolEndpoint; it is built from
 * PUBLIC_URL, else from the origin the browser used, so one build works on any host and port.
 */
export function configRoutes({ env }: Pick<AppDeps, 'env'>) {
  const app = new Hono();
  app.get('/config.json', (c) => {
    const origin = env.PUBLIC_URL?.replace(/\/$/, '') ?? new URL(c.req.url).origin;
    const local = !env.JWKS_URL;
    const config: RuntimeConfig = {
      auth: {
        userPoolId: env.USER_POOL_ID,
        userPoolClientId: env.USER_POOL_CLIENT_ID,
        ...(local ? { userPoolEndpoint: `${origin}/cognito/` } : {}),
      },
      apiBaseUrl: '',
      mediaBaseUrl: `${origin}/media/`,
      appScheme: env.APP_SCHEME,
    };
    return c.json(config, 200, { 'Cache-Control': 'no-cache' });
  });
  return app;
}
