import type { Context, MiddlewareHandler } from 'hono';

/**
 * The policy of the portal's pages. The SPA is built by Vite into files, so script-src needs no
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
 * What a browser renders as a document that can run script or be framed: HTML (the SPA's index.html, the
 * development mailbox), XHTML, SVG and other XML. Everything else (JSON, images, scripts, styles, fonts,
 * text) is never rendered as a page here: nosniff keeps the browser to the declared type.
 */
const DOCUMENT_TYPE = /html|xml/i;

/**
 * The security headers, by what an answer is (docs/decisions/029-request-path-at-its-floor.md):
 * - every answer: X-Content-Type-Options nosniff (no answer is ever taken for another type), and
 *   Strict-Transport-Security when the portal is served under https;
 * - /api answers: Cache-Control no-store (they carry a person's data and answer a bearer token);
 * - documents (DOCUMENT_TYPE): the Content-Security-Policy, X-Frame-Options, Referrer-Policy,
 *   Cross-Origin-Opener-Policy and Permissions-Policy, which only mean something for a rendered page.
 *   A route may set a stricter policy of its own (uploaded media: sandboxed, nothing loads); it is kept.
 * `connectTo`: origins the SPA may call besides its own, e.g. a real Cognito pool's endpoint.
 * `publicOrigin`: the origin /config.json names (PUBLIC_URL or http://localhost:PORT). A page opened
 * under another name for the same server (http://127.0.0.1:8787) must still reach the identity
 * endpoint and media that the config points at.
 * `https`: served under an https:// address (PUBLIC_URL), so browsers are told to keep to HTTPS for a
 * year: no later visit starts in plain HTTP, where a token could be read or a script slipped in.
 */
export const securityHeaders = (
  options: { connectTo?: string[]; publicOrigin?: (c: Context) => string; https?: boolean } = {},
): MiddlewareHandler => {
  const { connectTo = [], publicOrigin, https = false } = options;
  const fixed = contentSecurityPolicy(connectTo);
  return async (c, next) => {
    await next();
    // Set on the finished response's headers: c.header() after the handler rebuilds the whole Response
    // per call, which also loses @hono/node-server's fast path for c.json() answers.
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (https) headers.set('Strict-Transport-Security', 'max-age=31536000');
    const path = c.req.path;
    if (path.startsWith('/api/') || path === '/api') headers.set('Cache-Control', 'no-store');
    if (!DOCUMENT_TYPE.test(headers.get('Content-Type') ?? '')) return;
    if (!headers.has('Content-Security-Policy')) {
      const origin = publicOrigin?.(c);
      const own = origin && new URL(c.req.url).origin;
      headers.set(
        'Content-Security-Policy',
        origin && origin !== own ? contentSecurityPolicy(connectTo, origin) : fixed,
      );
    }
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    // The camera for the counter's Scan (Redeem a Voucher) and the location for the profile, from this origin only.
    headers.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(self)');
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
