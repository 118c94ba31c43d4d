import { and, asc, eq, gt, gte, isNull, lt, ne } from 'drizzle-orm';
import {
  BOOKING_TEXTS,
  BookingCancelRequest,
  BookingRequest,
  BookingStatusRequest,
  BookingsQuery,
  BookingUpdate,
  CUSTOMER_SEARCH_MAX_RESULTS,
  CustomerSearchQuery,
  type CustomerSuggestions,
  SlotsQuery,
} from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { etagOf, matches, notModified } from '../../lib/etag.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { check, readJson, readOptionalJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { type BookingChange, confirmBooking, notifyBookingChanged, notifyBookingMade } from './booking-notices.ts';
import { assertBookable, cancelBooking, customerFor, insertBooking } from './booking-writes.ts';
import {
  bookingDetail,
  bookingsVersion,
  bumpBookingsVersion,
  customerSuggestions,
  events,
  freeSlots,
  resourceOf,
  timeZoneOf,
  toBooking,
} from './bookings.queries.ts';

/** The most events one calendar window answers (a 62-day window of a busy business stays well below). */
export const WINDOW_ROWS = 5000;
export { NOT_BOOKABLE } from './booking-writes.ts';

/** Slots (spec §7 GET /api/booking-availability/{id}), bookings, and the calendar's window. */
export function bookingsRoutes({ db, env, clock, mailer }: Pick<AppDeps, 'db' | 'env' | 'clock' | 'mailer'>) {
  const app = createRouter('owner');

  app.get('/booking-availability/:resourceid', async (c) => {
    const mine = businessScope(c);
    const resourceid = idParam(c, 'resourceid', 'resource');
    const query = check(SlotsQuery, {
      date: c.req.query('date'),
      duration: c.req.query('duration'),
      partysize: c.req.query('partysize'),
    });
    return c.json(await freeSlots(db, mine.businessid, resourceid, query, clock()));
  });

  /**
   * A booking: the slot is computed again INSIDE one transaction that holds the resource row's lock, so
   * bookings of one resource run one after another and the last place goes to exactly one of them.
   */
  app.post('/bookings', async (c) => {
    const mine = businessScope(c);
    const body = await readJson(c, BookingRequest);
    const now = clock();
    const created = await db.transaction(async (tx) => {
      const resource = await resourceOf(tx, mine.businessid, body.resourceid, true);
      const { bookingstarttime: start, bookingendtime: end, partysize } = body;
      await assertBookable(tx, {
        businessid: mine.businessid,
        resource,
        timeZone: await timeZoneOf(tx, mine.businessid),
        start,
        end,
        partysize,
        now,
      });
      const customerid = await customerFor(tx, mine.businessid, body.customerEmail);
      const bookingid = await insertBooking(tx, {
        businessid: mine.businessid,
        resourceid: resource.resourceid,
        customerid,
        start,
        end,
        partysize,
        notes: body.notes,
        source: 'owner',
        now,
        createdBy: c.get('owner').userid,
      });
      // The confirmation is written with the booking (no booking without its mail, nor the reverse), and
      // its reminder scheduled; to a stranger past the business's limit the mail is held (server/mail/relay.ts).
      const made = { bookingid, businessid: mine.businessid, source: 'owner', now } as const;
      const notice = await confirmBooking(tx, made, { env, mailer });
      await notifyBookingMade(tx, made, { env, mailer });
      // Last, after every other lock (decision 023).
      await bumpBookingsVersion(tx, mine.businessid);
      return { bookingid, mailHeld: notice.mailHeld };
    });
    mailer.wake();
    const [row] = await events(db).where(eq(bookings.bookingid, created.bookingid));
    const booking = toBooking(row!);
    return c.json({ data: booking, ...(created.mailHeld ? { mailHeld: created.mailHeld } : {}) }, 201);
  });

  /** Create Booking's customer suggestions: followers and past guests matching `q` (issue 24). */
  app.get('/businesses/me/customers', async (c) => {
    const mine = businessScope(c);
    const { q } = check(CustomerSearchQuery, { q: c.req.query('q') });
    const data = await customerSuggestions(db, mine.businessid, q, CUSTOMER_SEARCH_MAX_RESULTS);
    return c.json({ data } satisfies CustomerSuggestions);
  });

  /** Booking Details (issue 24): another business's id answers 404 exactly like an unknown one. */
  app.get('/bookings/:id', async (c) => {
    const mine = businessScope(c);
    const bookingid = idParam(c, 'id', 'booking');
    const detail = await bookingDetail(db, mine.businessid, bookingid);
    if (!detail) throw notFound('booking');
    return c.json({ data: detail });
  });

  /**
   * Changes a booking. A new time, resource or a bigger party is placed again exactly as a new booking
   * is (rules, closures, grid, durations, capacity) under the target resource's lock, the booking's own
   * place left out; a refusal (400, 409) changes nothing. Notes alone, or a smaller party, need no room.
   */
  app.patch('/bookings/:id', async (c) => {
    const mine = businessScope(c);
    const bookingid = idParam(c, 'id', 'booking');
    const body = await readJson(c, BookingUpdate);
    const now = clock();
    const answer = await db.transaction(async (tx) => {
      const current = await lockedBooking(tx, mine.businessid, bookingid, body.resourceid);
      const start = body.bookingstarttime ?? current.startsAt;
      const end =
        body.bookingendtime ??
        (body.bookingstarttime
          ? new Date(body.bookingstarttime.getTime() + current.endsAt.getTime() - current.startsAt.getTime())
          : current.endsAt);
      if (!(start < end)) throw new HttpError(400, 'Start time must be before end time.');
      const resourceid = body.resourceid ?? current.resourceid;
      const partysize = body.partysize ?? current.partysize;
      const changed: BookingChange[] = [];
      if (start.getTime() !== current.startsAt.getTime() || end.getTime() !== current.endsAt.getTime()) {
        changed.push('time');
      }
      if (resourceid !== current.resourceid) changed.push('resource');
      if (partysize !== current.partysize) changed.push('partysize');
      if (body.notes !== undefined && body.notes !== current.notes) changed.push('notes');
      if (changed.length === 0) return {};
      if (changed.includes('time') || changed.includes('resource') || partysize > current.partysize) {
        await assertBookable(tx, {
          businessid: mine.businessid,
          resource: current.target,
          timeZone: await timeZoneOf(tx, mine.businessid),
          start,
          end,
          partysize,
          now,
          exceptBookingid: bookingid,
          strictGrid: true,
        });
      }
      await tx
        .update(bookings)
        .set({
          resourceid,
          startsAt: start,
          endsAt: end,
          partysize,
          ...(body.notes !== undefined ? { notes: body.notes } : {}),
          changedBy: c.get('owner').userid,
        })
        .where(eq(bookings.bookingid, bookingid));
      // The mail (whose stranger policy locks the business row) before the version bump, which is last.
      const notice = await notifyBookingChanged(
        tx,
        {
          bookingid,
          businessid: mine.businessid,
          changed,
          previous: {
            resourceid: current.resourceid,
            start: current.startsAt,
            end: current.endsAt,
            partysize: current.partysize,
          },
          now,
        },
        { env, mailer },
      );
      await bumpBookingsVersion(tx, mine.businessid);
      return notice;
    });
    mailer.wake();
    const data = (await bookingDetail(db, mine.businessid, bookingid))!;
    return c.json({ data, ...(answer.mailHeld ? { mailHeld: answer.mailHeld } : {}) });
  });

  /** Cancels a booking (the seat is free at once); cancelling a cancelled booking is 409. */
  app.post('/bookings/:id/cancel', async (c) => {
    const mine = businessScope(c);
    const bookingid = idParam(c, 'id', 'booking');
    const body = await readOptionalJson(c, BookingCancelRequest);
    const now = clock();
    const answer = await db.transaction((tx) =>
      cancelBooking(
        tx,
        {
          businessid: mine.businessid,
          bookingid,
          reason: body.reason,
          by: 'owner',
          now,
          member: c.get('owner').userid,
        },
        { env, mailer },
      ),
    );
    if (!answer) throw notFound('booking');
    mailer.wake();
    const data = (await bookingDetail(db, mine.businessid, bookingid))!;
    return c.json({ data, ...(answer.mailHeld ? { mailHeld: answer.mailHeld } : {}) });
  });

  /** confirmed, no_show and completed move freely (the seat stays held); a cancelled booking is final (409). */
  app.put('/bookings/:id/status', async (c) => {
    const mine = businessScope(c);
    const bookingid = idParam(c, 'id', 'booking');
    const body = await readJson(c, BookingStatusRequest);
    await db.transaction(async (tx) => {
      const done = await tx
        .update(bookings)
        .set({ status: body.status, changedBy: c.get('owner').userid })
        .where(and(mine.where(bookings), eq(bookings.bookingid, bookingid), ne(bookings.status, 'cancelled')))
        .returning({ bookingid: bookings.bookingid });
      if (done.length === 0) {
        const [row] = await tx
          .select({ status: bookings.status })
          .from(bookings)
          .where(and(mine.where(bookings), eq(bookings.bookingid, bookingid)));
        if (!row) throw notFound('booking');
        throw new HttpError(409, BOOKING_TEXTS.cancelledIsFinal);
      }
      await bumpBookingsVersion(tx, mine.businessid);
    });
    return c.json({ data: (await bookingDetail(db, mine.businessid, bookingid))! });
  });

  /**
   * The calendar's window (spec §7): bookings overlapping [startDate, endDate), at most 62 days. The
   * bookings_business_starts index bounds the scan: a booking lasts at most a day, so its start lies
   * after startDate minus one day.
   */
  app.get('/businesses/me/bookings', async (c) => {
    const mine = businessScope(c);
    const query = check(BookingsQuery, {
      startDate: c.req.query('startDate'),
      endDate: c.req.query('endDate'),
      resourceId: c.req.query('resourceId') || undefined,
      includeCancelled: c.req.query('includeCancelled'),
    });
    // The version first (decision 012): a change landing before the list makes the next poll a
    // needless 200, never an old list under a new tag.
    const version = await bookingsVersion(db, mine.businessid);
    const etag = etagOf(
      'bookings',
      mine.businessid,
      version,
      query.startDate.toISOString(),
      query.endDate.toISOString(),
      query.resourceId ?? '',
      query.includeCancelled,
    );
    if (matches(c, etag)) return notModified(c, etag);
    const rows = await events(db)
      .where(
        and(
          mine.where(bookings),
          gte(bookings.startsAt, new Date(query.startDate.getTime() - 86_400_000)),
          lt(bookings.startsAt, query.endDate),
          gt(bookings.endsAt, query.startDate),
          query.includeCancelled === 'true' ? undefined : isNull(bookings.cancelledAt),
          query.resourceId ? eq(bookings.resourceid, query.resourceId) : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.bookingid))
      .limit(WINDOW_ROWS);
    c.header('ETag', etag);
    return c.json({ data: rows.map(toBooking) });
  });

  return app;
}

/**
 * The booking to change, locked for the rest of the transaction after the target resource (the lock
 * order of booking-writes.ts): 404 when not the caller's, 409 when cancelled. If the booking moved to
 * another resource meanwhile, the resource to lock is read again.
 */
async function lockedBooking(tx: Db, businessid: string, bookingid: string, targetResourceid: string | undefined) {
  const mine = and(eq(bookings.businessid, businessid), eq(bookings.bookingid, bookingid));
  for (let attempt = 0; attempt < 3; attempt++) {
    const [peek] = await tx.select({ resourceid: bookings.resourceid }).from(bookings).where(mine);
    if (!peek) throw notFound('booking');
    const target = await resourceOf(tx, businessid, targetResourceid ?? peek.resourceid, true);
    const [row] = await tx
      .select({
        resourceid: bookings.resourceid,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        partysize: bookings.partysize,
        notes: bookings.notes,
        status: bookings.status,
      })
      .from(bookings)
      .where(mine)
      .for('update');
    if (!row) throw notFound('booking');
    if (row.status === 'cancelled') throw new HttpError(409, BOOKING_TEXTS.cancelledIsFinal);
    if (targetResourceid || row.resourceid === peek.resourceid) return { ...row, target };
  }
  throw new HttpError(409, 'This booking changed meanwhile. Please try again.');
}
