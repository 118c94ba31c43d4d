import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { publicOrigin } from './lib/client-ip.ts';
import { describeError } from './lib/describe-error.ts';
import { HttpError } from './lib/http-error.ts';
import { unknownPath } from './lib/ids.ts';
import { mailboxRoutes } from './mail/mailbox.routes.ts';
import { mediaOrigins } from './media/index.ts';
import { mediaRoutes, uploadRoutes } from './media/media.routes.ts';
import { guard } from './middleware/auth.ts';
import { limitBodies } from './middleware/body-limit.ts';
import { escapeForLog, loggablePath, requestLog } from './middleware/request-log.ts';
import { antiForgery, securityHeaders } from './middleware/security.ts';
import { openApiDocument } from './openapi/document.ts';
import { allOperations } from './openapi/operations.ts';
import { accountRoutes } from './routes/account/account.routes.ts';
import { bookingsRoutes } from './routes/bookings/bookings.routes.ts';
import { resourcesRoutes } from './routes/bookings/resources.routes.ts';
import { bookingSettingsRoutes } from './routes/bookings/settings.routes.ts';
import { businessesRoutes } from './routes/businesses/businesses.routes.ts';
import { statsRoutes } from './routes/businesses/stats.routes.ts';
import { configRoutes } from './routes/config/config.routes.ts';
import { customerRoutes } from './routes/customer/customer.routes.ts';
import { customerBookingRoutes } from './routes/customer/customer-bookings.routes.ts';
import { followersRoutes } from './routes/followers/followers.routes.ts';
import { customerMessagingRoutes } from './routes/messaging/customer-messaging.routes.ts';
import { messagingRoutes } from './routes/messaging/messaging.routes.ts';
import { packagesRoutes } from './routes/packages/packages.routes.ts';
import { postsRoutes } from './routes/posts/posts.routes.ts';
import { invitationRoutes } from './routes/team/invitations.routes.ts';
import { teamRoutes } from './routes/team/team.routes.ts';
import { usersRoutes } from './routes/users/users.routes.ts';
import { customerVoucherRoutes } from './routes/vouchers/customer-vouchers.routes.ts';
import { redeemRoutes } from './routes/vouchers/redeem.routes.ts';
import { vouchersRoutes } from './routes/vouchers/vouchers.routes.ts';
import { spaRoutes } from './static.ts';
import type { AppDeps, AppEnv } from './types.ts';

/** Builds the whole product as one Hono app, without listening (server/index.ts listens). */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Against a real Cognito pool the SPA calls its regional endpoint (the origin of its JWKS URL).
  // Post images in S3: the browser PUTs to the bucket and reads from it (or its CDN).
  const connectTo = [...(deps.env.JWKS_URL ? [new URL(deps.env.JWKS_URL).origin] : []), ...mediaOrigins(deps.env)];
  app.use(
    securityHeaders({
      connectTo,
      publicOrigin: (c) => publicOrigin(c, deps.env),
      https: deps.env.PUBLIC_URL?.startsWith('https://') ?? false,
    }),
  );
  if (deps.env.LOG_REQUESTS === 'true') app.use(requestLog(deps.log));
  // Before anything reads a body: 413 for an oversized one, never buffered (server/middleware/body-limit.ts).
  app.use(limitBodies());

  app.get('/healthz', async (c) => {
    await deps.db.execute('select 1');
    return c.json({ status: 'ok' });
  });
  app.route('/', configRoutes(deps));
  app.route('/cognito', deps.identity.routes);
  if (deps.mailer.mailboxEnabled) app.route('/dev', mailboxRoutes(deps));
  if (deps.media.kind === 'database') app.route('/', mediaRoutes(deps));

  const api = new Hono<AppEnv>();
  // Only for an SPA hosted on another origin (CORS_ORIGINS); same-origin needs none of this.
  if (deps.env.CORS_ORIGINS?.length) {
    api.use(
      cors({
        origin: deps.env.CORS_ORIGINS,
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowHeaders: ['Authorization', 'Content-Type', 'X-Requested-With'],
        maxAge: 600,
      }),
    );
  }
  api.use(antiForgery());
  api.use(guard(deps));
  // Public (the guard's PUBLIC_PATHS): every route this app has, described (server/openapi/), built once.
  let described: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', (c) => {
    described ??= openApiDocument(app, allOperations(deps.env), publicOrigin(c, deps.env));
    return c.json(described);
  });
  // Public: /public/*, /password-reset/*. Customer: /customer/*. Every other path: owners (see the guard).
  api.route('/', accountRoutes(deps));
  api.route('/', invitationRoutes(deps));
  if (deps.media.kind === 'database') api.route('/', uploadRoutes(deps));
  api.route('/customer', customerRoutes(deps));
  api.route('/customer', customerVoucherRoutes(deps));
  api.route('/customer', customerMessagingRoutes(deps));
  api.route('/customer', customerBookingRoutes(deps));
  // The public and customer areas end here: their unknown paths are a 404, before the owner routers
  // mounted at '/' (whose area check would take them for a misplaced router and answer 500).
  for (const area of ['/public/*', '/password-reset/*', '/customer/*']) {
    api.all(area, unknownPath);
  }
  api.route('/users', usersRoutes());
  api.route('/businesses', businessesRoutes(deps));
  api.route('/businesses', statsRoutes(deps));
  api.route('/businesses', teamRoutes(deps));
  api.route('/', postsRoutes(deps));
  api.route('/', followersRoutes(deps));
  api.route('/packages', packagesRoutes(deps));
  api.route('/', vouchersRoutes(deps));
  api.route('/', redeemRoutes(deps));
  api.route('/messaging/business', messagingRoutes(deps));
  api.route('/', resourcesRoutes(deps));
  api.route('/', bookingsRoutes(deps));
  api.route('/', bookingSettingsRoutes(deps));
  api.all('*', unknownPath);
  app.route('/api', api);

  // index.html carries /config.json inlined (the same answer the config routes give), saving a request.
  if (deps.distDir) app.route('/', spaRoutes(deps.distDir, configRoutes(deps)));

  app.notFound(unknownPath);
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || 'The request is not valid.' }, error.status);
    }
    // Never a stack trace to the caller; the log gets what failed and where, never SQL parameters or bodies.
    deps.log.error(
      `${escapeForLog(c.req.method)} ${loggablePath(c.req.url)} failed: ${describeError(error).split('\n').map(escapeForLog).join('\n')}`,
    );
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}
