import { and, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingCustomers, bookingNotices, bookingResources, bookings, businesses, users } from '../../db/schema.ts';
import type { BookingMailData } from './booking-mails.ts';

const ahead = (resourceid: string, now: Date) =>
  and(eq(bookings.resourceid, resourceid), gte(bookings.endsAt, now), isNull(bookings.cancelledAt));

/** Live bookings of a resource that have not ended by `now`: what deleting it would cancel. */
export async function futureBookingCount(db: Db, resourceid: string, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bookings).where(ahead(resourceid, now));
  return row?.total ?? 0;
}

/** Marks them cancelled and returns what the customers' mails need (sent after the commit). */
export async function cancelFutureBookings(
  db: Db,
  businessid: string,
  resourceid: string,
  now: Date,
  /** The team member who deleted the resource (decision 026). */
  member: string | null = null,
): Promise<Array<BookingMailData & { now: Date }>> {
  const rows = await db
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: 'The resource was deleted.',
      cancelledBy: member,
    })
    .where(and(eq(bookings.businessid, businessid), ahead(resourceid, now)))
    .returning({
      bookingid: bookings.bookingid,
      customerid: bookings.customerid,
      start: bookings.startsAt,
      end: bookings.endsAt,
      partysize: bookings.partysize,
    });
  if (rows.length === 0) return [];
  const [context] = await db
    .select({
      businessname: businesses.businessname,
      address: businesses.address,
      timeZone: businesses.timezone,
      resourcename: bookingResources.resourcename,
    })
    .from(bookingResources)
    .innerJoin(businesses, eq(businesses.businessid, bookingResources.businessid))
    .where(eq(bookingResources.resourceid, resourceid));
  // Each customer's address and first name (an app customer's), for the greeting.
  const emails = new Map(
    (
      await db
        .select({ id: bookingCustomers.id, email: bookingCustomers.email, firstname: users.firstname })
        .from(bookingCustomers)
        .leftJoin(users, eq(users.userid, bookingCustomers.userid))
        .where(
          and(
            eq(bookingCustomers.businessid, businessid),
            inArray(
              bookingCustomers.id,
              rows.map((r) => r.customerid),
            ),
          ),
        )
    ).map((c) => [c.id, c]),
  );
  // The calendar file cancels the event its customer holds: the same UID, a SEQUENCE above the last one.
  const sequences = new Map(
    (
      await db
        .select({ bookingid: bookingNotices.bookingid, sequence: bookingNotices.sequence })
        .from(bookingNotices)
        .where(
          inArray(
            bookingNotices.bookingid,
            rows.map((r) => r.bookingid),
          ),
        )
    ).map((n) => [n.bookingid, n.sequence]),
  );
  return rows.map((r) => ({
    ...r,
    ...context!,
    email: emails.get(r.customerid)?.email ?? '',
    firstname: emails.get(r.customerid)?.firstname ?? null,
    sequence: (sequences.get(r.bookingid) ?? 0) + 1,
    now,
  }));
}
