import type { MiddlewareHandler } from 'hono';
import { rawPath } from '../lib/raw-path.ts';

export type Logger = { info: (line: string) => void; error: (line: string) => void };

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
};

/** Path segments after these prefixes are secrets (a voucher code is a bearer credential): logged as `***`. */
const SECRET_SEGMENTS = ['/api/redeem/lookup/'];
const JWT_LIKE = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g;

/**
 * Whatever a caller wrote, one log line stays one line: C0/C1 controls, DEL, line and paragraph
 * separators and bidi controls become `\xNN` / `\uNNNN` escapes (a backslash is doubled, so an escape
 * cannot be forged either).
 */
export function escapeForLog(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return text.replace(/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (ch) => {
    if (ch === '\\') return '\\\\';
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** The raw path with secrets masked and controls escaped: what the request log and the error log write. */
export function loggablePath(url: string): string {
  let path = rawPath(url);
  for (const prefix of SECRET_SEGMENTS) {
    if (path.startsWith(prefix) && path.length > prefix.length) {
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      path = `${prefix}***${slash < 0 ? '' : rest.slice(slash)}`;
    }
  }
  return escapeForLog(path.replace(JWT_LIKE, '***'));
}

/**
 * One line per request: method, path, status, time. Only the path is logged, raw (as sent, never
 * decoded: `%0d%0a` stays text), with controls escaped and voucher codes and token-like segments
 * masked; query strings carry e-mail tokens (verify, reset) and headers carry bearer tokens, so
 * neither is ever written.
 */
export const requestLog =
  (log: Logger): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    // The caller writes X-Amz-Target: only an operation-shaped name goes into the log.
    const target = c.req.header('x-amz-target')?.split('.').pop();
    const operation = target && (/^[A-Za-z]{1,64}$/.test(target) ? target : 'unrecognised operation');
    log.info(
      `${escapeForLog(c.req.method)} ${loggablePath(c.req.url)}${operation ? ` (${operation})` : ''} ${c.res.status} ${ms}ms`,
    );
  };
