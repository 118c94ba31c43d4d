import type { Context, MiddlewareHandler } from 'hono';

/**
 * Headers on every response. The SPA is built by Vite into files, so script-src needs no
 * 'unsafe-inline'/'unsafe-eval'; React's style props go through CSSOM, which style-src does not block.
 */
export const contentSecurityPolicy = (connectTo: string[] = [], publicOrigin?: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data: blob:", ...(publicOrigin ? [publicOrigin] : []), ...connectTo].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...(publicOrigin ? [publicOrigin] : []), ...connectTo].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * `connectTo`: origins the SPA may call besides its own, e.g. a real Cognito pool's endpoint.
 * `publicOrigin`: the origin /config.json names (PUBLIC_URL or http://localhost:PORT). A page opened
 * under another name for the same server (http://127.0.0.1:8787) must still reach the identity
 * endpoint and media that the config points at.
 */
export const securityHeaders = (connectTo: string[] = [], publicOrigin?: (c: Context) => string): MiddlewareHandler => {
  const fixed = contentSecurityPolicy(connectTo);
  return async (c, next) => {
    await next();
    const origin = publicOrigin?.(c);
    const own = new URL(c.req.url).origin;
    // Set on the finished response's headers: c.header() after the handler rebuilds the whole Response
    // per call, which also loses @hono/node-server's fast path for c.json() answers.
    const headers = c.res.headers;
    // A route may have set a stricter policy of its own (uploaded media: sandboxed, nothing loads); keep it.
    if (!headers.has('Content-Security-Policy'))
      headers.set(
        'Content-Security-Policy',
        origin && origin !== own ? contentSecurityPolicy(connectTo, origin) : fixed,
      );
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Served under an https:// address (PUBLIC_URL): browsers keep to HTTPS for a year, so no later visit
    // starts in plain HTTP where a token could be read or a script slipped in. Browsers ignore it over http.
    if (origin?.startsWith('https://')) headers.set('Strict-Transport-Security', 'max-age=31536000');
    // The camera for the counter's Scan (Redeem a Voucher) and the location for the profile, from this origin only.
    headers.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(self)');
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') headers.set('Cache-Control', 'no-store');
  };
};

/** Writes must carry the fixed anti-forgery header (spec §1); a cross-site form cannot set it. */
export const antiForgery = (): MiddlewareHandler => async (c, next) => {
  const method = c.req.method;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE') {
    if (c.req.header('x-requested-with') !== 'XMLHttpRequest') {
      return c.json({ message: 'Missing anti-forgery header (X-Requested-With: XMLHttpRequest).' }, 403);
    }
  }
  await next();
};
