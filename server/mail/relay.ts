import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { mailHeldText } from '#contracts/bookings.ts';
import type { Db } from '../db/client.ts';
import { followers, mailOutbox, users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { lockBusiness } from '../lib/usage.ts';
import type { EnqueueOptions } from './mailer.ts';

/**
 * No relay (issue 22): a mail carrying an owner's text (a booking's confirmation or cancellation names
 * the business and the resource as the owner typed them) to a STRANGER, an address that neither follows
 * the business nor booked with it through the customer app, counts against the business's limits:
 * STRANGER_MAILS_PER_HOUR / _PER_DAY, or the _FREE ones on the Free package. Past a limit the mail is
 * held: written as `held`, never sent, and the owner is told (mailHeld in the answer). The customer app
 * cannot book yet, so today only following makes an address known; guests the owner types in are
 * strangers until they follow.
 */
export function strangerLimits(env: Env, packageName: string) {
  return packageName === 'Free'
    ? { hour: env.STRANGER_MAILS_PER_HOUR_FREE, day: env.STRANGER_MAILS_PER_DAY_FREE }
    : { hour: env.STRANGER_MAILS_PER_HOUR, day: env.STRANGER_MAILS_PER_DAY };
}

export async function isStranger(tx: Db, businessid: string, email: string): Promise<boolean> {
  const [known] = await tx
    .select({ one: sql`1` })
    .from(followers)
    .innerJoin(users, eq(users.userid, followers.customerid))
    .where(and(eq(followers.businessid, businessid), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return !known;
}

const HOUR = 3_600_000;

async function sentToStrangersSince(tx: Db, businessid: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.businessid, businessid),
        eq(mailOutbox.toStranger, true),
        ne(mailOutbox.status, 'held'),
        gt(mailOutbox.createdAt, since),
      ),
    );
  return row!.n;
}

/**
 * The policy for a run of owner-text mails of one business in one transaction (a booking: one; a
 * resource delete: each cancelled booking). `decide(email)` answers how to enqueue each; `heldNotice()`
 * what to tell the owner. The business row is locked at the first stranger, so concurrent requests of
 * one business count one after another.
 */
export function strangerMailPolicy(tx: Db, env: Env, businessid: string, now: Date) {
  let state: { limits: { hour: number; day: number }; hour: number; day: number } | undefined;
  let held = 0;
  let heldBy: 'hour' | 'day' = 'hour';
  return {
    async decide(email: string): Promise<EnqueueOptions> {
      if (!(await isStranger(tx, businessid, email))) return { businessid };
      if (!state) {
        const plan = await lockBusiness(tx, businessid);
        const limits = strangerLimits(env, plan?.packageName ?? 'Free');
        const [hour, day] = await Promise.all([
          sentToStrangersSince(tx, businessid, new Date(now.getTime() - HOUR)),
          sentToStrangersSince(tx, businessid, new Date(now.getTime() - 24 * HOUR)),
        ]);
        state = { limits, hour, day };
      }
      if (state.hour >= state.limits.hour || state.day >= state.limits.day) {
        held++;
        heldBy = state.day >= state.limits.day ? 'day' : 'hour';
        return { businessid, toStranger: true, held: true };
      }
      state.hour++;
      state.day++;
      return { businessid, toStranger: true };
    },
    heldNotice(): string | undefined {
      if (!held || !state) return undefined;
      return mailHeldText(held, heldBy === 'day' ? state.limits.day : state.limits.hour, heldBy);
    },
  };
}
