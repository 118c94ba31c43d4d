import { Hono } from 'hono';
import type { RuntimeConfig } from '#contracts/config.ts';
import type { Env } from '../../env.ts';
import { publicOrigin } from '../../lib/client-ip.ts';
import type { MediaStore } from '../../media/store.ts';
import type { AppDeps } from '../../types.ts';

/**
 * The SPA's runtime configuration for a portal whose public origin is `origin`. Amplify needs an
 * ABSOLUTE userPoolEndpoint.
 */
export function runtimeConfig(env: Env, origin: string, media?: Pick<MediaStore, 'baseUrl'>): RuntimeConfig {
  const local = !env.JWKS_URL;
  return {
    auth: {
      userPoolId: env.USER_POOL_ID,
      userPoolClientId: env.USER_POOL_CLIENT_ID,
      ...(local ? { userPoolEndpoint: `${origin}/cognito/` } : {}),
    },
    apiBaseUrl: '',
    mediaBaseUrl: media ? media.baseUrl(origin) : `${origin}/media/`,
    appScheme: env.APP_SCHEME,
  };
}

/**
 * GET /config.json. The origin is PUBLIC_URL, else this server's own listening origin: never the
 * request's Host header, which a caller (or a poisoned cache in front) could set to anything.
 */
export function configRoutes({ env, media }: Pick<AppDeps, 'env'> & Partial<Pick<AppDeps, 'media'>>) {
  const app = new Hono();
  app.get('/config.json', (c) =>
    c.json(runtimeConfig(env, publicOrigin(c, env), media), 200, { 'Cache-Control': 'no-cache' }),
  );
  return app;
}
