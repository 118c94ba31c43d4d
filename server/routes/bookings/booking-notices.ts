/**
 * Every mail about a booking, written through the outbox in the transaction of the change that causes
 * it (issue 24, docs/decisions/024-booking-mails-and-reminders.md): the confirmation, a change (an
 * updated calendar file: the same UID, a higher SEQUENCE), a cancellation (METHOD:CANCEL), the reminder
 * a set time before the start, and the owner's notice of a customer's own booking or cancellation.
 * Call each INSIDE the transaction, after the booking row was written, then `mailer.wake()` after the
 * commit. Owner text to strangers counts against the business's limits (server/mail/relay.ts): the
 * answer's `mailHeld` says when a mail was held.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { BOOKING_SETTINGS_DEFAULTS } from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookingCustomers, bookingNotices, bookingResources, bookings, businesses, users } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { strangerMailPolicy } from '../../mail/relay.ts';
import {
  type BookingMailData,
  cancelledMail,
  changedMail,
  confirmationMail,
  ownerNoticeMail,
  reminderMail,
} from './booking-mails.ts';

/** What the notices need of the app: the settings of mail and the outbox. */
export type NoticeDeps = { env: Env; mailer: Mailer };
/** What the owner is told about the customer's mail: the text when it was held (no relay). */
export type NoticeAnswer = { mailHeld?: string };

/** What changed in a booking (the PATCH route's words). */
export type BookingChange = 'time' | 'resource' | 'partysize' | 'notes';

/** A change, as the PATCH route reports it: the booking row already holds the new values. */
export type BookingChanged = {
  bookingid: string;
  businessid: string;
  changed: readonly BookingChange[];
  previous: { resourceid: string; start: Date; end: Date; partysize: number };
  now: Date;
};

/** A cancellation: by the owner in the portal or the customer in the app; the row is already cancelled. */
export type BookingCancelled = {
  bookingid: string;
  businessid: string;
  reason: string | null;
  by: 'owner' | 'customer';
  now: Date;
};

/** A booking made by the owner in the portal or by the customer in the app. */
export type BookingMade = { bookingid: string; businessid: string; source: 'owner' | 'app'; now: Date };

const MINUTE = 60_000;

/**
 * Until how many minutes before its start a customer may cancel a booking of this business in the app
 * (the business's setting, default 2 hours).
 */
export async function cancellationCutoffMinutes(tx: Db, business: { businessid: string }): Promise<number> {
  const [row] = await tx
    .select({ minutes: businesses.cancellationCutoffMinutes })
    .from(businesses)
    .where(eq(businesses.businessid, business.businessid));
  return row?.minutes ?? BOOKING_SETTINGS_DEFAULTS.cancellationCutoffMinutes;
}

/** When a booking starting at `start` is reminded: `lead` before it, if that is still ahead; else never. */
export function reminderDue(start: Date, leadMinutes: number | null, now: Date): Date | null {
  if (leadMinutes === null) return null;
  const due = new Date(start.getTime() - leadMinutes * MINUTE);
  return due > now ? due : null;
}

type BookingFacts = BookingMailData & {
  sequence: number;
  confirmationSent: boolean;
  businessid: string;
  customerEmail: string;
  lastname: string | null;
  ownerEmail: string;
  reminderLeadMinutes: number | null;
  notifyOwnerOfBookings: boolean;
  cancelled: boolean;
};

/** The booking as its mails tell it, read through `tx` (so it sees the transaction's own change). */
async function factsOf(tx: Db, bookingid: string): Promise<BookingFacts> {
  // The business's longest-standing owner member (decision 026): the founder, unless they left the team.
  const owner = sql<string>`coalesce(
    (select u.email from business_members m join ${users} u on u.userid = m.userid
      where m.businessid = ${businesses.businessid} and m.role = 'owner' and u.enabled
      order by m.joined_at, m.userid limit 1),
    (select ${users.email} from ${users} where ${users.userid} = ${businesses.ownerUserid}))`;
  const [row] = await tx
    .select({
      bookingid: bookings.bookingid,
      businessid: bookings.businessid,
      start: bookings.startsAt,
      end: bookings.endsAt,
      partysize: bookings.partysize,
      cancelledAt: bookings.cancelledAt,
      email: bookingCustomers.email,
      firstname: users.firstname,
      lastname: users.lastname,
      businessname: businesses.businessname,
      address: businesses.address,
      timeZone: businesses.timezone,
      reminderLeadMinutes: businesses.reminderLeadMinutes,
      notifyOwnerOfBookings: businesses.notifyOwnerOfBookings,
      ownerEmail: owner,
      resourcename: bookingResources.resourcename,
      sequence: bookingNotices.sequence,
      confirmationSent: bookingNotices.confirmationSent,
    })
    .from(bookings)
    .innerJoin(bookingCustomers, eq(bookingCustomers.id, bookings.customerid))
    .leftJoin(users, eq(users.userid, bookingCustomers.userid))
    .innerJoin(businesses, eq(businesses.businessid, bookings.businessid))
    .innerJoin(bookingResources, eq(bookingResources.resourceid, bookings.resourceid))
    .leftJoin(bookingNotices, eq(bookingNotices.bookingid, bookings.bookingid))
    .where(eq(bookings.bookingid, bookingid));
  if (!row) throw new Error(`booking ${bookingid} not found for its mail`);
  return {
    ...row,
    customerEmail: row.email,
    sequence: row.sequence ?? 0,
    confirmationSent: row.confirmationSent ?? false,
    cancelled: row.cancelledAt !== null,
  };
}

/** The customer's mail, under the stranger limit of its business. */
async function toCustomer(
  tx: Db,
  deps: NoticeDeps & { now: Date },
  facts: BookingFacts,
  mail: Parameters<Mailer['enqueue']>[1],
): Promise<NoticeAnswer> {
  const relay = strangerMailPolicy(tx, deps.env, facts.businessid, deps.now);
  await deps.mailer.enqueue(tx, mail, await relay.decide(facts.customerEmail));
  const mailHeld = relay.heldNotice();
  return mailHeld ? { mailHeld } : {};
}

/**
 * The customer's confirmation of a new booking, with its calendar file (SEQUENCE 0), greeting them by
 * name; to a stranger past the business's limit it is held (`mailHeld`). Call beside notifyBookingMade.
 */
export async function confirmBooking(
  tx: Db,
  made: { bookingid: string; now: Date },
  deps: NoticeDeps,
): Promise<NoticeAnswer> {
  const facts = await factsOf(tx, made.bookingid);
  const answer = await toCustomer(tx, { ...deps, now: made.now }, facts, confirmationMail(facts, made.now));
  // Remembered for the reminder: an address the limit let through for this booking is not counted again.
  const confirmationSent = !answer.mailHeld;
  await tx
    .insert(bookingNotices)
    .values({ bookingid: made.bookingid, businessid: facts.businessid, confirmationSent })
    .onConflictDoUpdate({ target: bookingNotices.bookingid, set: { confirmationSent } });
  return answer;
}

/**
 * A booking was made (the owner's or the customer's): its reminder is scheduled from the business's
 * reminder lead, and when the customer booked in the app the owner is told (unless turned off).
 */
export async function notifyBookingMade(tx: Db, made: BookingMade, deps: NoticeDeps): Promise<void> {
  const facts = await factsOf(tx, made.bookingid);
  const remindAt = reminderDue(facts.start, facts.reminderLeadMinutes, made.now);
  await tx
    .insert(bookingNotices)
    .values({ bookingid: made.bookingid, businessid: facts.businessid, sequence: facts.sequence, remindAt })
    .onConflictDoUpdate({ target: bookingNotices.bookingid, set: { remindAt } });
  if (made.source === 'app') await notifyOwnerOfCustomerBooking(tx, made, deps);
}

/**
 * A booking was changed (call after updating its row, in the same transaction): the customer gets the
 * new details with an updated calendar file (same UID, SEQUENCE one higher). A new time moves the
 * reminder (due again, at the new time less the lead); otherwise a reminder already sent stays sent.
 */
export async function notifyBookingChanged(tx: Db, change: BookingChanged, deps: NoticeDeps): Promise<NoticeAnswer> {
  const facts = await factsOf(tx, change.bookingid);
  const sequence = facts.sequence + 1;
  const [notice] = await tx
    .select({ remindAt: bookingNotices.remindAt, remindedAt: bookingNotices.remindedAt })
    .from(bookingNotices)
    .where(eq(bookingNotices.bookingid, change.bookingid))
    .for('update');
  const moved = change.changed.includes('time') || change.previous.start.getTime() !== facts.start.getTime();
  const reminder = moved
    ? { remindAt: reminderDue(facts.start, facts.reminderLeadMinutes, change.now), remindedAt: null }
    : { remindAt: notice?.remindAt ?? null, remindedAt: notice?.remindedAt ?? null };
  await tx
    .insert(bookingNotices)
    .values({ bookingid: change.bookingid, businessid: facts.businessid, sequence, ...reminder })
    .onConflictDoUpdate({ target: bookingNotices.bookingid, set: { sequence, ...reminder } });
  const mail = changedMail({ ...facts, sequence }, change.previous, change.now);
  return toCustomer(tx, { ...deps, now: change.now }, facts, mail);
}

/**
 * A booking was cancelled (call after marking it cancelled, in the same transaction): its reminder is
 * dropped, and the customer gets the cancellation with a METHOD:CANCEL calendar file (same UID,
 * SEQUENCE one higher), with the owner's reason when given. A customer's own cancellation in the app
 * also tells the owner (unless turned off).
 */
export async function notifyBookingCancelled(
  tx: Db,
  cancel: BookingCancelled,
  deps: NoticeDeps,
): Promise<NoticeAnswer> {
  const facts = await factsOf(tx, cancel.bookingid);
  const sequence = facts.sequence + 1;
  await tx
    .insert(bookingNotices)
    .values({ bookingid: cancel.bookingid, businessid: facts.businessid, sequence, remindAt: null })
    .onConflictDoUpdate({ target: bookingNotices.bookingid, set: { sequence, remindAt: null } });
  const by = cancel.by === 'customer' ? 'customer' : 'business';
  const mail = cancelledMail({ ...facts, sequence, now: cancel.now, reason: cancel.reason, by });
  const answer = await toCustomer(tx, { ...deps, now: cancel.now }, facts, mail);
  if (cancel.by === 'customer') await notifyOwnerOfCustomerCancel(tx, cancel, deps);
  return answer;
}

/** The customer's name as the owner's notice shows it (their own words), else their e-mail. */
const nameOf = (facts: BookingFacts) =>
  [facts.firstname, facts.lastname].filter((part) => part?.trim()).join(' ') || facts.customerEmail;

/** A customer booked through the app: the owner is mailed (unless the business turned it off). */
export async function notifyOwnerOfCustomerBooking(
  tx: Db,
  made: { bookingid: string; now: Date },
  deps: NoticeDeps,
): Promise<void> {
  const facts = await factsOf(tx, made.bookingid);
  if (!facts.notifyOwnerOfBookings || !facts.ownerEmail) return;
  const mail = ownerNoticeMail({ ...facts, customerName: nameOf(facts), kind: 'booked' });
  await deps.mailer.enqueue(tx, mail, { businessid: facts.businessid });
}

/** A customer cancelled through the app: the owner is mailed (unless the business turned it off). */
export async function notifyOwnerOfCustomerCancel(
  tx: Db,
  cancel: { bookingid: string; now: Date },
  deps: NoticeDeps,
): Promise<void> {
  const facts = await factsOf(tx, cancel.bookingid);
  if (!facts.notifyOwnerOfBookings || !facts.ownerEmail) return;
  const mail = ownerNoticeMail({ ...facts, customerName: nameOf(facts), kind: 'cancelled' });
  await deps.mailer.enqueue(tx, mail, { businessid: facts.businessid });
}

/**
 * The reminder lead changed: reminders not yet sent of bookings ahead follow it. One that was going to
 * be sent and whose new time has passed is sent at the next sweep; one that was not (booked too late,
 * or reminders were off) is due only if its new time lies ahead. Off (`null`) drops them.
 */
export async function rescheduleReminders(tx: Db, businessid: string, leadMinutes: number | null, now: Date) {
  const at = now.toISOString();
  const due = sql`(${bookings.startsAt} - make_interval(mins => ${leadMinutes ?? 0}::int))`;
  const remindAt =
    leadMinutes === null
      ? sql`null`
      : sql`case
          when ${due} > ${at}::timestamptz then ${due}
          when ${bookingNotices.remindAt} is not null then ${at}::timestamptz
          else null end`;
  await tx
    .update(bookingNotices)
    .set({ remindAt: sql`${remindAt}` })
    .from(bookings)
    .where(
      and(
        eq(bookingNotices.businessid, businessid),
        eq(bookings.bookingid, bookingNotices.bookingid),
        isNull(bookingNotices.remindedAt),
        isNull(bookings.cancelledAt),
        sql`${bookings.startsAt} > ${at}::timestamptz`,
      ),
    );
}

/** How many reminders one sweep transaction writes at most (the sweep loops until none are due). */
const SWEEP_BATCH = 50;

/**
 * The reminders due by `now`: each marked sent with a conditional update (`reminded_at is null`, rows
 * locked and skipped when another sweep holds them) in the SAME transaction that writes its mail, so
 * a reminder is written exactly once whichever copies sweep at once. Never for a cancelled booking
 * (its reminder was dropped in the cancellation's transaction; the join checks it again) nor one that
 * has begun. A reminder whose booking's confirmation was sent is not counted against the no-relay
 * limits (that address was let through for this booking already); otherwise it is, like any owner text
 * to a stranger. Returns how many were written.
 */
export async function sweepReminders(deps: NoticeDeps & { db: Db; now: Date }): Promise<number> {
  const { db, now } = deps;
  const at = now.toISOString();
  let total = 0;
  for (;;) {
    const written = await db.transaction(async (tx) => {
      const claimed = await tx.execute<{ bookingid: string }>(sql`
        update ${bookingNotices} set reminded_at = ${at}::timestamptz
        where bookingid in (
          select n.bookingid from ${bookingNotices} n
          join ${bookings} b on b.bookingid = n.bookingid
          where n.remind_at <= ${at}::timestamptz and n.reminded_at is null
            and b.cancelled_at is null and b.starts_at > ${at}::timestamptz
          order by n.remind_at
          limit ${SWEEP_BATCH}
          for update of n skip locked
        ) and reminded_at is null
        returning bookingid`);
      const ids = rowsOf<{ bookingid: string }>(claimed).map((row) => row.bookingid);
      for (const bookingid of ids) {
        const facts = await factsOf(tx, bookingid);
        const mail = reminderMail(facts, now);
        // The confirmation went: the limit let this address through for this booking once already.
        if (facts.confirmationSent) await deps.mailer.enqueue(tx, mail, { businessid: facts.businessid });
        else await toCustomer(tx, deps, facts, mail);
      }
      return ids.length;
    });
    total += written;
    if (written < SWEEP_BATCH) break;
  }
  if (total) deps.mailer.wake();
  return total;
}

/** node-postgres answers `{ rows }`, PGlite's drizzle driver too; both are read the same way. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** Reminders of a booking still due (tests and the CLI): its `remindAt`, or null. */
export async function reminderOf(db: Db, bookingid: string) {
  const [row] = await db
    .select({
      remindAt: bookingNotices.remindAt,
      remindedAt: bookingNotices.remindedAt,
      sequence: bookingNotices.sequence,
      confirmationSent: bookingNotices.confirmationSent,
    })
    .from(bookingNotices)
    .where(and(eq(bookingNotices.bookingid, bookingid), isNotNull(bookingNotices.bookingid)));
  return row ?? null;
}
