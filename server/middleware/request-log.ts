import type { MiddlewareHandler } from 'hono';

export type Logger = { info: (line: string) => void; error: (line: string) => void };

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
};

/**
 * One line per request: method, path, status, time. Only the path is logged; query strings carry
 * e-mail tokens (verify, reset) and headers carry bearer tokens, so neither is ever written.
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
    log.info(`${c.req.method} ${c.req.path}${operation ? ` (${operation})` : ''} ${c.res.status} ${ms}ms`);
  };
