/**
 * Conditional GETs (RFC 9110): the polled lists answer a strong ETag and 304 when nothing changed,
 * decided before the list is read (docs/decisions/012-messaging-polls-and-etags.md).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * A strong ETag from what decides the answer: whose it is (the business or customer), what was asked
 * (status, limit) and the version. Hashed, so it names nobody and differs for every caller and query.
 */
export const etagOf = (...parts: Array<string | number>): string =>
  `"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;

/** True when the request's If-None-Match names this ETag (or `*`); weak forms compare equal (RFC 9110). */
export function matches(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** 304 with the ETag and no body: an idle poll costs its headers. */
export const notModified = (c: Context, etag: string) => c.body(null, 304, { ETag: etag });
