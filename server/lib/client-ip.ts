import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The caller's address for per-IP limits. Behind a proxy, set TRUST_PROXY to read X-Forwarded-For. */
export function clientIp(c: Context): string {
  if (process.env.TRUST_PROXY === 'true') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The origin links in e-mails point at: PUBLIC_URL, else the origin the caller used. */
export function publicOrigin(c: Context, publicUrl: string | undefined): string {
  return publicUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin;
}
