/**
 * The bookings area's reads, shared by its routes, the customer API and the benchmarks (scripts/ may
 * import `*.queries.ts` files, never a routes file): resources, the slot inputs of one day, the
 * calendar's events.
 */
import { and, asc, count, eq, gt, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Booking, BookingDetail, SlotsAnswer } from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import {
  availabilityRules,
  bookingClosures,
  bookingCustomers,
  bookingResources,
  bookings,
  bookingVersions,
  businesses,
  followers,
  users,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { notFound } from '../../lib/ids.ts';
import { availableSlots, dayBounds, type SlotQuery } from '../../lib/slots.ts';
import { matchesWords } from '../followers/followers.queries.ts';
import { firstNameOf } from '../team/team.queries.ts';

export const resourceColumns = {
  resourceid: bookingResources.resourceid,
  resourcename: bookingResources.resourcename,
  description: bookingResources.description,
  capacity: bookingResources.capacity,
  isactive: bookingResources.isactive,
};

export type ResourceRow = {
  resourceid: string;
  resourcename: string;
  description: string | null;
  capacity: number;
  isactive: boolean;
};

/**
 * The caller's resource, or 404 (another business's id answers exactly like an unknown one). With
 * `lock`, the row is locked for the rest of the transaction: every booking, rule and deletion of one
 * resource serialises on it.
 */
export async function resourceOf(db: Db, businessid: string, resourceid: string, lock = false): Promise<ResourceRow> {
  const query = db
    .select(resourceColumns)
    .from(bookingResources)
    .where(and(eq(bookingResources.businessid, businessid), eq(bookingResources.resourceid, resourceid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('resource');
  return row;
}

/** Resources counted the one way the limit check and My Package share. */
export async function resourceCount(db: Db, businessid: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookingResources)
    .where(eq(bookingResources.businessid, businessid));
  return row?.total ?? 0;
}

export async function timeZoneOf(db: Db, businessid: string): Promise<string> {
  const [row] = await db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.businessid, businessid));
  if (!row) throw notFound('ownBusiness');
  return row.timezone;
}

/**
 * Everything the slot module needs for one resource on one local date, read with `db` (the locking
 * transaction when booking): the rules, the closures of the resource or the whole business, and the
 * live bookings that may overlap that day.
 */
export async function slotInputs(
  db: Db,
  businessid: string,
  resource: ResourceRow,
  date: string,
  timeZone: string,
  /** A booking being moved: its own place is not taken. */
  exceptBookingid?: string,
): Promise<Pick<SlotQuery, 'rules' | 'closures' | 'bookings' | 'resource'>> {
  const day = dayBounds(date, timeZone);
  if (!day) throw new HttpError(400, 'date must be a date like 2026-12-24.');
  // Bookings last at most a few hours: those starting from a day before can reach into this day.
  const from = new Date(day.start.getTime() - 86_400_000);
  const [rules, closures, taken] = await Promise.all([
    db
      .select({
        dayofweek: availabilityRules.dayofweek,
        starttime: availabilityRules.starttime,
        endtime: availabilityRules.endtime,
      })
      .from(availabilityRules)
      .where(eq(availabilityRules.resourceid, resource.resourceid))
      .orderBy(asc(availabilityRules.dayofweek), asc(availabilityRules.starttime)),
    db
      .select({ startdate: bookingClosures.startdate, enddate: bookingClosures.enddate })
      .from(bookingClosures)
      .where(
        and(
          eq(bookingClosures.businessid, businessid),
          or(isNull(bookingClosures.resourceid), eq(bookingClosures.resourceid, resource.resourceid)),
          lte(bookingClosures.startdate, date),
          gte(bookingClosures.enddate, date),
        ),
      ),
    db
      .select({ start: bookings.startsAt, end: bookings.endsAt, partysize: bookings.partysize })
      .from(bookings)
      .where(
        and(
          eq(bookings.resourceid, resource.resourceid),
          gte(bookings.startsAt, from),
          lt(bookings.startsAt, day.end),
          gt(bookings.endsAt, day.start),
          isNull(bookings.cancelledAt),
          exceptBookingid ? ne(bookings.bookingid, exceptBookingid) : undefined,
        ),
      ),
  ]);
  return { rules, closures, bookings: taken, resource };
}

/**
 * Whether an app customer's names may be shown to this business: they follow it or booked with it in
 * the app (typing an e-mail must not reveal whose it is). Needs booking_customers, users and the
 * business's followers row (left) joined.
 */
const named = sql`(${followers.customerid} is not null or ${bookingCustomers.appBookedAt} is not null)`;
export const shownFirstname = sql<string | null>`case when ${named} then ${users.firstname} end`;
export const shownLastname = sql<string | null>`case when ${named} then ${users.lastname} end`;

/**
 * A calendar event. Names come from the app customer's account and only when they follow this
 * business or booked with it in the app; guests and others show the e-mail alone.
 */
const eventColumns = {
  bookingid: bookings.bookingid,
  resourceid: bookings.resourceid,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  title: bookingResources.resourcename,
  firstname: shownFirstname,
  surname: shownLastname,
  email: bookingCustomers.email,
  partysize: bookings.partysize,
  notes: bookings.notes,
  status: bookings.status,
};
type EventRow = { startsAt: Date; endsAt: Date } & Omit<Booking, 'start' | 'end'>;
export const toBooking = ({ startsAt, endsAt, ...row }: EventRow): Booking => ({
  ...row,
  start: startsAt.toISOString(),
  end: endsAt.toISOString(),
});

/** The calendar's events with their names; add the where (the benchmark floor runs the same query). */
export const events = (db: Db) =>
  db
    .select(eventColumns)
    .from(bookings)
    .innerJoin(bookingResources, eq(bookingResources.resourceid, bookings.resourceid))
    .innerJoin(bookingCustomers, eq(bookingCustomers.id, bookings.customerid))
    .leftJoin(users, eq(users.userid, bookingCustomers.userid))
    .leftJoin(
      followers,
      and(eq(followers.businessid, bookings.businessid), eq(followers.customerid, bookingCustomers.userid)),
    );

/** One booking as Booking Details shows it, or undefined (another business's id reads as unknown). */
export async function bookingDetail(db: Db, businessid: string, bookingid: string): Promise<BookingDetail | undefined> {
  const [row] = await db
    .select({
      bookingid: bookings.bookingid,
      resourceid: bookings.resourceid,
      resourcename: bookingResources.resourcename,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      partysize: bookings.partysize,
      notes: bookings.notes,
      status: bookings.status,
      cancelledAt: bookings.cancelledAt,
      cancelreason: bookings.cancelReason,
      source: bookings.source,
      customerid: bookingCustomers.id,
      firstname: shownFirstname,
      surname: shownLastname,
      email: bookingCustomers.email,
      // Who did it (decision 026): the members' first names.
      createdby: firstNameOf(bookings.createdBy),
      changedby: firstNameOf(bookings.changedBy),
      cancelledby: firstNameOf(bookings.cancelledBy),
    })
    .from(bookings)
    .innerJoin(bookingResources, eq(bookingResources.resourceid, bookings.resourceid))
    .innerJoin(bookingCustomers, eq(bookingCustomers.id, bookings.customerid))
    .leftJoin(users, eq(users.userid, bookingCustomers.userid))
    .leftJoin(
      followers,
      and(eq(followers.businessid, bookings.businessid), eq(followers.customerid, bookingCustomers.userid)),
    )
    .where(and(eq(bookings.businessid, businessid), eq(bookings.bookingid, bookingid)));
  if (!row) return undefined;
  const { startsAt, endsAt, cancelledAt, customerid, firstname, surname, email, ...rest } = row;
  return {
    ...rest,
    start: startsAt.toISOString(),
    end: endsAt.toISOString(),
    cancelledat: cancelledAt?.toISOString() ?? null,
    customer: { customerid, firstname, surname, email },
  };
}

/** The bookings window's version (0 before the first change): its ETag, read before the list. */
export async function bookingsVersion(db: Db, businessid: string): Promise<number> {
  const [row] = await db
    .select({ version: bookingVersions.version })
    .from(bookingVersions)
    .where(eq(bookingVersions.businessid, businessid));
  return row?.version ?? 0;
}

/**
 * Bumps the business's bookings version inside the caller's transaction (the upsert holds the row's
 * lock to commit, so versions commit in order): every change to what the calendar shows calls it.
 */
export async function bumpBookingsVersion(tx: Db, businessid: string): Promise<void> {
  await tx
    .insert(bookingVersions)
    .values({ businessid, version: 1 })
    .onConflictDoUpdate({ target: bookingVersions.businessid, set: { version: sql`${bookingVersions.version} + 1` } });
}

/**
 * The free slots of one resource of the business on one day: the owner's GET /api/booking-availability
 * and the customer app's answer, from the one engine (server/lib/slots.ts). 404 for a resource that is
 * not the business's.
 */
export async function freeSlots(
  db: Db,
  businessid: string,
  resourceid: string,
  query: { date: string; duration: number; partysize: number },
  now: Date,
): Promise<v.InferOutput<typeof SlotsAnswer>> {
  const [resource, timeZone] = await Promise.all([resourceOf(db, businessid, resourceid), timeZoneOf(db, businessid)]);
  const inputs = await slotInputs(db, businessid, resource, query.date, timeZone);
  const slots = availableSlots({ ...inputs, ...query, timeZone, now });
  return { data: { availableSlots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })) } };
}

/**
 * Create Booking's suggestions (issue 24): followers, then past booking customers ("guests") of the
 * business whose name or e-mail holds every word of `q`, at most `limit`. A guest's names are searched
 * and shown only when they booked with the business in the app: an e-mail never reveals whose it is.
 */
export async function customerSuggestions(db: Db, businessid: string, q: string, limit: number) {
  const fans = await db
    .select({ customerid: users.userid, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(followers)
    .innerJoin(users, eq(users.userid, followers.customerid))
    .where(and(eq(followers.businessid, businessid), matchesWords(q, [users.firstname, users.lastname, users.email])))
    .orderBy(asc(sql`lower(${users.email})`))
    .limit(limit);
  const guestFirst = sql<
    string | null
  >`case when ${bookingCustomers.appBookedAt} is not null then ${users.firstname} end`;
  const guestLast = sql<
    string | null
  >`case when ${bookingCustomers.appBookedAt} is not null then ${users.lastname} end`;
  const guests = await db
    .select({
      customerid: bookingCustomers.id,
      firstname: guestFirst,
      lastname: guestLast,
      email: bookingCustomers.email,
    })
    .from(bookingCustomers)
    .leftJoin(users, eq(users.userid, bookingCustomers.userid))
    .leftJoin(
      followers,
      and(eq(followers.businessid, bookingCustomers.businessid), eq(followers.customerid, bookingCustomers.userid)),
    )
    .where(
      and(
        eq(bookingCustomers.businessid, businessid),
        isNull(followers.customerid),
        matchesWords(q, [guestFirst, guestLast, bookingCustomers.email]),
      ),
    )
    .orderBy(asc(sql`lower(${bookingCustomers.email})`))
    .limit(limit);
  return [
    ...fans.map((f) => ({ ...f, kind: 'follower' as const })),
    ...guests.map((g) => ({ ...g, kind: 'guest' as const })),
  ].slice(0, limit);
}
