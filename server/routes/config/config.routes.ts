import { Hono } from 'hono';
import type { RuntimeConfig } from '#contracts/config.ts';
import type { Env } from '../../env.ts';
import { publicOrigin } from '../../lib/client-ip.ts';
import { MEDIA_PATH } from '../../media/database-store.ts';
import type { MediaStore } from '../../media/store.ts';
import type { AppDeps } from '../../types.ts';

/**
 * The SPA's runtime configuration for a portal whose public origin is `origin`. Amplify needs an
 * ABSOLUTE userPoolEndpoint. apiBaseUrl '' means the page's own origin; mediaBaseUrl is a bucket's URL or,
 * for images this server keeps, the path /media/, which the SPA resolves against the origin it calls
 * (so a page opened under another name for this server still loads them from its own origin).
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
    mediaBaseUrl: media ? media.baseUrl() : MEDIA_PATH,
    appScheme: env.APP_SCHEME,
    salesEmail: env.SALES_EMAIL,
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
