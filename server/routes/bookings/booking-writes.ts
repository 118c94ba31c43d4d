/**
 * Booking writes shared by the owner's routes and the customer app's: placing a booking (new or moved)
 * under the resource row's lock, the booking's customer row, cancelling. Every caller runs these inside
 * ONE transaction; the lock order is resource, then booking, then the business row (the mails' stranger
 * policy), then the version row last (never the reverse), so concurrent writes cannot deadlock.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { BOOKING_TEXTS, type BookingSource } from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookingCustomers, bookings, userGroups, users } from '../../db/schema.ts';
import { GROUPS } from '../../identity/types.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { DURATIONS, type Duration, localDate, offers, onGrid } from '../../lib/slots.ts';
import { type NoticeAnswer, type NoticeDeps, notifyBookingCancelled } from './booking-notices.ts';
import { bumpBookingsVersion, type ResourceRow, slotInputs } from './bookings.queries.ts';

export const NOT_BOOKABLE = BOOKING_TEXTS.notBookable;

export type Placement = {
  businessid: string;
  resource: ResourceRow;
  timeZone: string;
  start: Date;
  end: Date;
  partysize: number;
  now: Date;
  /** A booking being moved: its own place is free for it. */
  exceptBookingid?: string;
  /** A change (decision 023): a duration other than 30/60/90 or a start off the grid is a 400, not a 409. */
  strictGrid?: boolean;
};

/**
 * Throws unless [start, end) for the party is one of the slots the resource offers now: computed again
 * with `tx`, which must hold the resource row's lock (resourceOf(tx, ..., true)). 409 with
 * BOOKING_TEXTS.slotTaken when it would be open but for other bookings, NOT_BOOKABLE otherwise.
 */
export async function assertBookable(tx: Db, p: Placement): Promise<void> {
  if (p.partysize > p.resource.capacity) {
    throw new HttpError(400, `Party size must be at most ${p.resource.capacity} for ${p.resource.resourcename}.`);
  }
  const date = localDate(p.start, p.timeZone);
  const inputs = await slotInputs(tx, p.businessid, p.resource, date, p.timeZone, p.exceptBookingid);
  if (p.strictGrid) {
    const minutes = (p.end.getTime() - p.start.getTime()) / 60_000;
    if (!DURATIONS.includes(minutes as Duration)) throw new HttpError(400, BOOKING_TEXTS.badDuration);
    if (!onGrid(p.start, p.timeZone, inputs.rules)) throw new HttpError(400, BOOKING_TEXTS.offGrid);
  }
  const query = { ...inputs, date, timeZone: p.timeZone, partysize: p.partysize, now: p.now };
  if (!offers(query, p.start, p.end)) {
    // Open when nobody else had booked: someone got there first. Otherwise it was never bookable.
    const lost = offers({ ...query, bookings: [] }, p.start, p.end);
    throw new HttpError(409, lost ? BOOKING_TEXTS.slotTaken : NOT_BOOKABLE);
  }
}

/**
 * The booking's customer for this business: the row for that e-mail, made on first use. It is linked to
 * the app customer (a Customers member) with that address when there is one, else it is a guest.
 */
export async function customerFor(tx: Db, businessid: string, email: string): Promise<string> {
  const [app] = await tx
    .select({ userid: users.userid })
    .from(users)
    .innerJoin(userGroups, and(eq(userGroups.userid, users.userid), eq(userGroups.groupName, GROUPS.customers)))
    .where(sql`lower(${users.email}) = ${email}`);
  return customerRow(tx, businessid, email, app?.userid ?? null);
}

async function customerRow(tx: Db, businessid: string, email: string, userid: string | null): Promise<string> {
  await tx.insert(bookingCustomers).values({ id: newId(), businessid, email, userid }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: bookingCustomers.id, userid: bookingCustomers.userid })
    .from(bookingCustomers)
    .where(
      and(eq(bookingCustomers.businessid, businessid), sql`lower(${bookingCustomers.email}) = ${email.toLowerCase()}`),
    );
  if (userid && !row!.userid) {
    await tx.update(bookingCustomers).set({ userid }).where(eq(bookingCustomers.id, row!.id));
  }
  return row!.id;
}

/**
 * The app customer's row with this business (their account's e-mail; a guest row the owner made for that
 * address becomes theirs), marked as having booked in the app: from then on the business sees their
 * name, and they are no stranger to the message relay (decision 023).
 */
export async function appCustomerFor(
  tx: Db,
  businessid: string,
  user: { userid: string; email: string },
  now: Date,
): Promise<string> {
  const id = await customerRow(tx, businessid, user.email.toLowerCase(), user.userid);
  await tx
    .update(bookingCustomers)
    .set({ appBookedAt: sql`coalesce(${bookingCustomers.appBookedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(bookingCustomers.id, id));
  return id;
}

/**
 * Writes a placed booking (after assertBookable under the same lock). The caller writes its notices
 * (confirmBooking, notifyBookingMade) and bumps the window's version last, after any mail (whose stranger policy locks the business row).
 */
export async function insertBooking(
  tx: Db,
  b: {
    businessid: string;
    resourceid: string;
    customerid: string;
    start: Date;
    end: Date;
    partysize: number;
    notes: string | null;
    source: BookingSource;
    now: Date;
    /** The team member who made it (decision 026); absent when the customer booked in the app. */
    createdBy?: string;
  },
): Promise<string> {
  const bookingid = newId();
  await tx.insert(bookings).values({
    bookingid,
    businessid: b.businessid,
    resourceid: b.resourceid,
    customerid: b.customerid,
    startsAt: b.start,
    endsAt: b.end,
    partysize: b.partysize,
    notes: b.notes,
    source: b.source,
    createdBy: b.createdBy ?? null,
    createdAt: b.now,
  });
  return bookingid;
}

/**
 * Cancels one booking of the business: a conditional update, so of two cancels exactly one wins and
 * the other reads "already cancelled" (409). The seat is free from the commit on; the customer's mail is written. Returns null when
 * no such booking exists (the caller answers 404).
 */
export async function cancelBooking(
  tx: Db,
  c: {
    businessid: string;
    bookingid: string;
    reason: string | null;
    by: 'owner' | 'customer';
    now: Date;
    /** The team member who cancelled it (decision 026); absent when the customer did in the app. */
    member?: string;
  },
  deps: NoticeDeps,
): Promise<NoticeAnswer | null> {
  const done = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: c.now,
      cancelReason: c.reason,
      cancelledBy: c.member ?? null,
    })
    .where(
      and(eq(bookings.businessid, c.businessid), eq(bookings.bookingid, c.bookingid), ne(bookings.status, 'cancelled')),
    )
    .returning({ bookingid: bookings.bookingid });
  if (done.length === 0) {
    const [exists] = await tx
      .select({ bookingid: bookings.bookingid })
      .from(bookings)
      .where(and(eq(bookings.businessid, c.businessid), eq(bookings.bookingid, c.bookingid)));
    if (!exists) return null;
    throw new HttpError(409, BOOKING_TEXTS.alreadyCancelled);
  }
  const answer = await notifyBookingCancelled(tx, c, deps);
  await bumpBookingsVersion(tx, c.businessid);
  return answer;
}
