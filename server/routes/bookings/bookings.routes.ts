import { and, asc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { BOOKING_TEXTS, BookingRequest, BookingsQuery, SlotsQuery } from '#contracts/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookingCustomers, bookings, userGroups, users } from '../../db/schema.ts';
import { GROUPS } from '../../identity/types.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { availableSlots, localDate, offers } from '../../lib/slots.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { confirmBooking, notifyBookingMade } from './booking-notices.ts';
import { events, resourceOf, slotInputs, timeZoneOf, toBooking } from './bookings.queries.ts';

/** The most events one calendar window answers (a 62-day window of a busy business stays well below). */
export const WINDOW_ROWS = 5000;
export const NOT_BOOKABLE = 'That time is not open for booking. Please pick one of the available slots.';

/**
 * The booking's customer for this business: the row for that e-mail, made on first use. It is linked to
 * the app customer (a Customers member) with that address when there is one, else it is a guest.
 */
async function customerFor(tx: Db, businessid: string, email: string): Promise<string> {
  const [app] = await tx
    .select({ userid: users.userid })
    .from(users)
    .innerJoin(userGroups, and(eq(userGroups.userid, users.userid), eq(userGroups.groupName, GROUPS.customers)))
    .where(sql`lower(${users.email}) = ${email}`);
  await tx
    .insert(bookingCustomers)
    .values({ id: newId(), businessid, email, userid: app?.userid ?? null })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: bookingCustomers.id })
    .from(bookingCustomers)
    .where(and(eq(bookingCustomers.businessid, businessid), sql`lower(${bookingCustomers.email}) = ${email}`));
  return row!.id;
}

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
    const [resource, timeZone] = await Promise.all([
      resourceOf(db, mine.businessid, resourceid),
      timeZoneOf(db, mine.businessid),
    ]);
    const inputs = await slotInputs(db, mine.businessid, resource, query.date, timeZone);
    const slots = availableSlots({ ...inputs, ...query, timeZone, now: clock() });
    return c.json({
      data: { availableSlots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })) },
    });
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
      if (body.partysize > resource.capacity) {
        throw new HttpError(400, `Party size must be at most ${resource.capacity} for ${resource.resourcename}.`);
      }
      const timeZone = await timeZoneOf(tx, mine.businessid);
      const date = localDate(body.bookingstarttime, timeZone);
      const inputs = await slotInputs(tx, mine.businessid, resource, date, timeZone);
      const query = { ...inputs, date, timeZone, partysize: body.partysize, now };
      if (!offers(query, body.bookingstarttime, body.bookingendtime)) {
        // Open when nobody else had booked: someone got there first. Otherwise it was never bookable.
        const lost = offers({ ...query, bookings: [] }, body.bookingstarttime, body.bookingendtime);
        throw new HttpError(409, lost ? BOOKING_TEXTS.slotTaken : NOT_BOOKABLE);
      }
      const customerid = await customerFor(tx, mine.businessid, body.customerEmail);
      const bookingid = newId();
      await tx.insert(bookings).values({
        bookingid,
        businessid: mine.businessid,
        resourceid: resource.resourceid,
        customerid,
        startsAt: body.bookingstarttime,
        endsAt: body.bookingendtime,
        partysize: body.partysize,
        notes: body.notes,
        createdAt: now,
      });
      // The confirmation is written with the booking (no booking without its mail, nor the reverse), and
      // its reminder scheduled; to a stranger past the business's limit the mail is held (server/mail/relay.ts).
      const made = { bookingid, businessid: mine.businessid, source: 'owner', now } as const;
      const notice = await confirmBooking(tx, made, { env, mailer });
      await notifyBookingMade(tx, made, { env, mailer });
      return { bookingid, mailHeld: notice.mailHeld };
    });
    mailer.wake();
    const [row] = await events(db).where(eq(bookings.bookingid, created.bookingid));
    const booking = toBooking(row!);
    return c.json({ data: booking, ...(created.mailHeld ? { mailHeld: created.mailHeld } : {}) }, 201);
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
    });
    const rows = await events(db)
      .where(
        and(
          mine.where(bookings),
          gte(bookings.startsAt, new Date(query.startDate.getTime() - 86_400_000)),
          lt(bookings.startsAt, query.endDate),
          gt(bookings.endsAt, query.startDate),
          isNull(bookings.cancelledAt),
          query.resourceId ? eq(bookings.resourceid, query.resourceId) : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.bookingid))
      .limit(WINDOW_ROWS);
    return c.json({ data: rows.map(toBooking) });
  });

  return app;
}
