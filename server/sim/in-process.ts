import { desc } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { mailOutbox } from '../db/schema.ts';
import { createIdentity } from '../identity/identity.ts';
import type { AppDeps } from '../types.ts';
import { type Call, chatLine, createCustomer, followBusiness, type Person, sendMessage } from './customers.ts';

/**
 * The simulator without a network: the real app, called with app.request, under a clock the run moves,
 * so follows can be spread over past days. Each simulated phone has its own address (the app trusts
 * X-Forwarded-For only in this private copy), so the per-address limits apply per person, as they do
 * to real phones.
 */
export async function simulateInProcess(
  deps: AppDeps,
  options: {
    businessid?: string;
    people: Person[];
    times: Date[];
    /** Each new customer who follows also writes the business a first message (the owner's Messages). */
    chat?: boolean;
    /** What each new customer does next in the app, signed in (e.g. claim a voucher). */
    afterSignUp?: (call: Call, accessToken: string, index: number) => Promise<void>;
  },
): Promise<number> {
  let now = new Date();
  const env = { ...deps.env, TRUST_PROXY: 'true' as const, LOG_REQUESTS: 'false' as const };
  const clock = () => now;
  // Its own identity endpoint too, so it reads each phone's address the same way (same keys, same users).
  const identity = await createIdentity({ db: deps.db, env, clock, log: deps.log });
  const app = createApp({ ...deps, clock, env, identity });
  const pool = { userPoolId: deps.env.USER_POOL_ID, clientId: deps.env.USER_POOL_CLIENT_ID };
  // The outbox the development mailbox shows (GET /dev/mailbox.json answers only over a loopback socket).
  const mailbox = async () =>
    deps.db
      .select({ to: mailOutbox.to, links: mailOutbox.links })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.sentAt))
      .limit(5);
  let made = 0;
  for (const [i, person] of options.people.entries()) {
    now = options.times[i] ?? new Date();
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const call: Call = async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', address);
      return app.request(`http://localhost${path}`, { ...init, headers });
    };
    const token = await createCustomer(call, pool, person, mailbox);
    if (options.businessid) await followBusiness(call, token, options.businessid);
    if (options.businessid && options.chat) await sendMessage(call, token, options.businessid, chatLine(i));
    await options.afterSignUp?.(call, token, i);
    made++;
  }
  return made;
}

/** `count` instants spread over the last `days` days (oldest first), at opening hours, deterministic. */
export function spreadOver(days: number, count: number, end = new Date()): Date[] {
  if (days <= 0) return Array.from({ length: count }, () => end);
  const span = days * 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    // Slightly more follows in recent weeks, as a business that is growing.
    const t = Math.sqrt((i + 1) / count);
    const at = new Date(end.getTime() - span + t * span - 3_600_000);
    at.setUTCHours(8 + ((i * 5) % 10), (i * 17) % 60, 0, 0);
    return at.getTime() > end.getTime() ? new Date(end.getTime() - 60_000) : at;
  });
}

/**
 * The real app in-process under a clock the caller moves: `call(path, init, phone)` as the phone numbered
 * `phone` (its own address), `at(date)` to set the time. For seeds that act as existing customers and
 * the owner at chosen moments in the past.
 */
export async function inProcessCaller(deps: AppDeps) {
  let now = new Date();
  const env = { ...deps.env, TRUST_PROXY: 'true' as const, LOG_REQUESTS: 'false' as const };
  const clock = () => now;
  const identity = await createIdentity({ db: deps.db, env, clock, log: deps.log });
  const app = createApp({ ...deps, clock, env, identity });
  return {
    pool: { userPoolId: deps.env.USER_POOL_ID, clientId: deps.env.USER_POOL_CLIENT_ID },
    at: (date: Date) => {
      now = date;
    },
    as:
      (phone: number): Call =>
      async (path, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set('x-forwarded-for', `10.${(phone >> 16) & 255}.${(phone >> 8) & 255}.${phone & 255}`);
        return app.request(`http://localhost${path}`, { ...init, headers });
      },
  };
}
