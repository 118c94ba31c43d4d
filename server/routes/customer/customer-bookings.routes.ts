import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { BOOKING_TEXTS, SlotsQuery } from '#contracts/bookings.ts';
import {
  CUSTOMER_BOOKING_TEXTS,
  type CustomerBooking,
  CustomerBookingRequest,
  type PublicResource,
} from '#contracts/customer-bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookingCustomers, bookingResources, bookings, businesses, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import { customerScope } from '../../lib/scope.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { cancellationCutoffMinutes, confirmBooking, notifyBookingMade } from '../bookings/booking-notices.ts';
import { appCustomerFor, assertBookable, cancelBooking, insertBooking } from '../bookings/booking-writes.ts';
import { bumpBookingsVersion, freeSlots, resourceColumns } from '../bookings/bookings.queries.ts';

/** The most bookings GET /api/customer/bookings answers (upcoming ones come first). */
export const CUSTOMER_BOOKINGS_ROWS = 200;

const rowColumns = {
  bookingid: bookings.bookingid,
  businessid: bookings.businessid,
  businessname: businesses.businessname,
  resourceid: bookings.resourceid,
  resourcename: bookingResources.resourcename,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  partysize: bookings.partysize,
  notes: bookings.notes,
  status: bookings.status,
};

/** The calling customer's bookings (every business's row linked to their account), with the names. */
const mineOf = (db: Db, userid: string) =>
  db
    .select(rowColumns)
    .from(bookings)
    .innerJoin(bookingCustomers, eq(bookingCustomers.id, bookings.customerid))
    .innerJoin(businesses, eq(businesses.businessid, bookings.businessid))
    .innerJoin(bookingResources, eq(bookingResources.resourceid, bookings.resourceid))
    .where(eq(bookingCustomers.userid, userid))
    .$dynamic();

type Row = Awaited<ReturnType<ReturnType<typeof mineOf>['execute']>>[number];

async function toCustomerBookings(db: Db, rows: Row[]): Promise<CustomerBooking[]> {
  const cutoffs = new Map<string, number>();
  for (const { businessid } of rows) {
    if (!cutoffs.has(businessid)) cutoffs.set(businessid, await cancellationCutoffMinutes(db, { businessid }));
  }
  return rows.map(({ startsAt, endsAt, ...row }) => ({
    ...row,
    start: startsAt.toISOString(),
    end: endsAt.toISOString(),
    cancelbefore: new Date(startsAt.getTime() - cutoffs.get(row.businessid)! * 60_000).toISOString(),
  }));
}

/**
 * The customer app's bookings (issue 24, decision 023): a business's active resources and free slots
 * (the owner's engine and answer), booking under the same resource lock as the owner's bookings, the
 * customer's own bookings, and cancelling until the business's cut-off. Another customer's booking is a
 * 404 like an unknown one.
 */
export function customerBookingRoutes({ db, clock, mailer, env }: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'env'>) {
  const app = createRouter('customer');

  const businessOf = async (businessid: string) => {
    const [row] = await db
      .select({ businessid: businesses.businessid })
      .from(businesses)
      .where(eq(businesses.businessid, businessid));
    if (!row) throw notFound('business');
  };

  app.get('/businesses/:businessid/resources', async (c) => {
    const businessid = idParam(c, 'businessid', 'business');
    await businessOf(businessid);
    const { isactive: _, ...columns } = resourceColumns;
    const data: PublicResource[] = await db
      .select(columns)
      .from(bookingResources)
      .where(and(eq(bookingResources.businessid, businessid), eq(bookingResources.isactive, true)))
      .orderBy(asc(bookingResources.createdAt), asc(bookingResources.resourceid));
    return c.json({ data });
  });

  app.get('/businesses/:businessid/availability/:resourceid', async (c) => {
    const businessid = idParam(c, 'businessid', 'business');
    const resourceid = idParam(c, 'resourceid', 'resource');
    const query = check(SlotsQuery, {
      date: c.req.query('date'),
      duration: c.req.query('duration'),
      partysize: c.req.query('partysize'),
    });
    await businessOf(businessid);
    return c.json(await freeSlots(db, businessid, resourceid, query, clock()));
  });

  /**
   * Books a slot for the calling customer. The request is counted first (one statement, shared by every
   * copy), then, in ONE transaction: the resource row's lock (the owner's bookings take the same), the
   * customer's row with this business locked (so two of their own requests cannot both pass the
   * upcoming-bookings cap), the slot computed again.
   */
  app.post('/bookings', async (c) => {
    const mine = customerScope(c);
    const body = await readJson(c, CustomerBookingRequest);
    const now = clock();
    const counted = await hitRateLimit(db, `booking-request:${mine.customerid}`, {
      limit: env.BOOKING_REQUESTS_PER_MINUTE,
      windowSeconds: 60,
      now,
    });
    if (!counted.allowed) {
      throw new HttpError(429, CUSTOMER_BOOKING_TEXTS.tooManyRequests(counted.retryAfterSeconds), {
        'Retry-After': String(counted.retryAfterSeconds),
      });
    }
    const made = await db.transaction(async (tx) => {
      const [resource] = await tx
        .select({ ...resourceColumns, businessid: bookingResources.businessid })
        .from(bookingResources)
        .where(eq(bookingResources.resourceid, body.resourceid))
        .for('update');
      if (!resource) throw notFound('resource');
      const [business] = await tx
        .select({ name: businesses.businessname, address: businesses.address, timeZone: businesses.timezone })
        .from(businesses)
        .where(eq(businesses.businessid, resource.businessid));
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.userid, mine.customerid));
      if (!user) throw notFound('ownCustomer');
      const customerid = await appCustomerFor(
        tx,
        resource.businessid,
        { userid: mine.customerid, email: user.email },
        now,
      );
      await tx
        .select({ id: bookingCustomers.id })
        .from(bookingCustomers)
        .where(eq(bookingCustomers.id, customerid))
        .for('update');
      const [held] = await tx
        .select({ total: count() })
        .from(bookings)
        .where(and(eq(bookings.customerid, customerid), ne(bookings.status, 'cancelled'), gt(bookings.endsAt, now)));
      if ((held?.total ?? 0) >= env.MAX_UPCOMING_BOOKINGS) {
        throw new HttpError(409, CUSTOMER_BOOKING_TEXTS.upcomingLimit(business!.name, env.MAX_UPCOMING_BOOKINGS));
      }
      const { bookingstarttime: start, bookingendtime: end, partysize } = body;
      await assertBookable(tx, {
        businessid: resource.businessid,
        resource,
        timeZone: business!.timeZone,
        start,
        end,
        partysize,
        now,
      });
      const bookingid = await insertBooking(tx, {
        businessid: resource.businessid,
        resourceid: resource.resourceid,
        customerid,
        start,
        end,
        partysize,
        notes: body.notes,
        source: 'app',
        now,
      });
      // The customer's confirmation and the owner's notice are written with the booking (the outbox);
      // the calendar's version moves last, after every other lock (decision 023), so the owner's poll shows it.
      const booked = { bookingid, businessid: resource.businessid, source: 'app', now } as const;
      await confirmBooking(tx, booked, { env, mailer });
      await notifyBookingMade(tx, booked, { env, mailer });
      await bumpBookingsVersion(tx, resource.businessid);
      return { bookingid };
    });
    mailer.wake();
    const rows = await mineOf(db, mine.customerid).where(
      and(eq(bookingCustomers.userid, mine.customerid), eq(bookings.bookingid, made.bookingid)),
    );
    const [data] = await toCustomerBookings(db, rows);
    return c.json({ data }, 201);
  });

  /** Upcoming first (soonest first), then past and cancelled ones (latest first). */
  app.get('/bookings', async (c) => {
    const mine = customerScope(c);
    const now = clock().toISOString();
    const upcoming = sql`(${bookings.endsAt} > ${now}::timestamptz and ${bookings.status} <> 'cancelled')`;
    const rows = await mineOf(db, mine.customerid)
      .orderBy(
        desc(upcoming),
        sql`case when ${upcoming} then ${bookings.startsAt} end asc`,
        desc(bookings.startsAt),
        asc(bookings.bookingid),
      )
      .limit(CUSTOMER_BOOKINGS_ROWS);
    return c.json({ data: await toCustomerBookings(db, rows) });
  });

  /** Cancels the customer's own booking until the business's cut-off before its start; 409 after. */
  app.post('/bookings/:id/cancel', async (c) => {
    const mine = customerScope(c);
    const bookingid = idParam(c, 'id', 'booking');
    const now = clock();
    await db.transaction(async (tx) => {
      const [row] = await mineOf(tx, mine.customerid).where(
        and(eq(bookingCustomers.userid, mine.customerid), eq(bookings.bookingid, bookingid)),
      );
      if (!row) throw notFound('booking');
      if (row.status === 'cancelled') throw new HttpError(409, BOOKING_TEXTS.alreadyCancelled);
      if (row.endsAt <= now) throw new HttpError(409, CUSTOMER_BOOKING_TEXTS.alreadyOver);
      const cutoff = await cancellationCutoffMinutes(tx, { businessid: row.businessid });
      if (now.getTime() > row.startsAt.getTime() - cutoff * 60_000) {
        throw new HttpError(409, CUSTOMER_BOOKING_TEXTS.tooLateToCancel(row.businessname, cutoff));
      }
      await cancelBooking(
        tx,
        { businessid: row.businessid, bookingid, reason: null, by: 'customer', now },
        { env, mailer },
      );
    });
    mailer.wake();
    const rows = await mineOf(db, mine.customerid).where(
      and(eq(bookingCustomers.userid, mine.customerid), eq(bookings.bookingid, bookingid)),
    );
    const [data] = await toCustomerBookings(db, rows);
    return c.json({ data });
  });

  return app;
}
