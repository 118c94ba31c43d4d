import type { Mailer } from '../mail/mailer.ts';
import { authorized, person, signInCustomer } from '../sim/customers.ts';
import { inProcessCaller } from '../sim/in-process.ts';
import type { AppDeps } from '../types.ts';

/** The demo's customers: the n-th follower seedDemoFollowers made through the customer API. */
export const demoCustomer = (n: number) => person(n, 'customers.example');

/** When mail leaves this computer (SMTP_URL), the demo's made-up customers and guests are never mailed. */
const noMail: Mailer = { mailboxEnabled: false, enqueue: async () => '', wake: () => {} };

export type DemoApp = Awaited<ReturnType<typeof demoApp>>;

/**
 * The real app in-process under a clock the seed moves, as `npm run simulate -- --days` runs it: the
 * demo owner works through the owner API and the demo's customers through the customer API, each at a
 * chosen moment of the past, so every demo row after the owner and the business is made by the
 * product's own routes with the product's checks at that moment (package limits, slots, voucher
 * dates, the posts of a day). A new demo row is one more call here, never an insert.
 *
 *   const app = await demoApp(deps, owner);
 *   app.at(new Date(Date.now() - 3 * 86_400_000));
 *   await app.asOwner('POST', '/api/booking-resources', { resourcename: 'Window Table', capacity: 4 });
 */
export async function demoApp(deps: AppDeps, owner: { email: string; password: string }) {
  const app = await inProcessCaller(deps.mailer.mailboxEnabled ? deps : { ...deps, mailer: noMail });
  let now = deps.clock();
  app.at(now);
  // Each person signs in again before a token would expire (ACCESS_TOKEN_TTL, an hour by default), or
  // when the clock was moved back before their sign-in.
  const reuseMs = deps.env.ACCESS_TOKEN_TTL * 1000 - 60_000;
  const sessions = new Map<number, { token: string; at: number }>();
  const ownerPhone = 0;

  /** A request as the person on `phone`, signed in at the current moment; a refusal throws. */
  async function send<T>(
    phone: number,
    who: { email: string; password: string },
    method: string,
    path: string,
    body?: unknown,
  ) {
    const call = app.as(phone);
    const t = now.getTime();
    let session = sessions.get(phone);
    if (!session || t < session.at || t - session.at > reuseMs) {
      session = { token: await signInCustomer(call, app.pool, who.email, who.password), at: t };
      sessions.set(phone, session);
    }
    const response = await call(path, authorized(session.token, method, body));
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    /** Moves the app's clock: what follows happens at `date`. */
    at(date: Date) {
      now = date;
      app.at(date);
    },
    /** The owner API as the demo owner. */
    asOwner: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      send<T>(ownerPhone, owner, method, path, body),
    /** A public route (no token), as a signed-out browser calls it; a refusal throws. */
    async asPublic<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
      const response = await app.as(999)(path, {
        method,
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    /** The customer API as the n-th demo customer, on their own phone. */
    asCustomer: <T = Record<string, unknown>>(n: number, method: string, path: string, body?: unknown) =>
      send<T>(1000 + n, demoCustomer(n), method, path, body),
    /**
     * The PUT of a file to an upload target the owner API handed out, as the browser sends it: to this
     * app's own upload route (the database store) or to the bucket's signed URL (S3).
     */
    async upload(uploadUrl: string, contentType: string, bytes: Uint8Array<ArrayBuffer>) {
      const init = { method: 'PUT', headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' } };
      const url = new URL(uploadUrl, 'http://portal.invalid');
      const response =
        deps.media.kind === 'database'
          ? await app.as(ownerPhone)(`${url.pathname}${url.search}`, { ...init, body: bytes })
          : await fetch(url, { ...init, body: bytes });
      if (!response.ok) throw new Error(`the upload answered ${response.status}: ${await response.text()}`);
    },
  };
}
