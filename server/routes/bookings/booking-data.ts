import { and, asc, eq, gt, gte, isNull, lt, lte, or } from 'drizzle-orm';
import { BOOKING_TEXTS } from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import { availabilityRules, bookingClosures, bookingResources, bookings, businesses } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { dayBounds, type SlotQuery } from '../../lib/slots.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the path: anything that is not a UUID is simply not found (404), never a 500. */
export const idParam = (value: string, notFound: string): string => {
  if (!UUID.test(value)) throw new HttpError(404, notFound);
  return value.toLowerCase();
};

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
  if (!row) throw new HttpError(404, BOOKING_TEXTS.resourceNotFound);
  return row;
}

export async function timeZoneOf(db: Db, businessid: string): Promise<string> {
  const [row] = await db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.businessid, businessid));
  if (!row) throw new HttpError(404, 'No business profile found.');
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
