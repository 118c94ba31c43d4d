/**
 * The bookings area's reads, shared by its routes, the customer API and the benchmarks (scripts/ may
 * import `*.queries.ts` files, never a routes file): resources, the slot inputs of one day, the
 * calendar's events.
 */
import { and, asc, count, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Booking, BookingStatus } from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import {
  availabilityRules,
  bookingClosures,
  bookingCustomers,
  bookingResources,
  bookings,
  businesses,
  followers,
  users,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { notFound } from '../../lib/ids.ts';
import { dayBounds, type SlotQuery } from '../../lib/slots.ts';

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
        ),
      ),
  ]);
  return { rules, closures, bookings: taken, resource };
}

/**
 * A calendar event. Names come from the app customer's account and only when they follow this
 * business (typing an e-mail must not reveal whose it is); guests and others show the e-mail alone.
 */
const eventColumns = {
  bookingid: bookings.bookingid,
  resourceid: bookings.resourceid,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  title: bookingResources.resourcename,
  firstname: sql<string | null>`case when ${followers.customerid} is null then null else ${users.firstname} end`,
  surname: sql<string | null>`case when ${followers.customerid} is null then null else ${users.lastname} end`,
  email: bookingCustomers.email,
  partysize: bookings.partysize,
  notes: bookings.notes,
  status: sql<BookingStatus>`case when ${bookings.cancelledAt} is null then 'confirmed' else 'cancelled' end`,
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
