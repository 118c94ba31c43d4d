/**
 * Booking settings, the booking mails and reminders (issue 24, docs/decisions/024-booking-mails-and-reminders.md):
 * the settings' defaults and validation; the confirmation greets the customer by name and names the
 * business's zone in words; a change sends an updated calendar file (same UID, higher SEQUENCE) and
 * moves the reminder; a cancellation sends METHOD:CANCEL and drops it; the reminder is written once
 * however many sweeps run; the owner hears of the customers' own bookings unless turned off.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SETTINGS_DEFAULTS } from '#contracts/bookings.ts';
import type { Mail } from '#contracts/mailbox.ts';
import { bookings } from '#server/db/schema.ts';
import { QUEUES } from '#server/jobs/engine.ts';
import { REMINDERS_CRON } from '#server/jobs/reminders.ts';
import { whenText } from '#server/routes/bookings/booking-mails.ts';
import {
  cancellationCutoffMinutes,
  notifyBookingCancelled,
  notifyBookingChanged,
  notifyBookingMade,
  notifyOwnerOfCustomerBooking,
  notifyOwnerOfCustomerCancel,
  reminderOf,
  sweepReminders,
} from '#server/routes/bookings/booking-notices.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { srpTokens } from './support/amplify.ts';
import { follow } from './support/customers.ts';
import { mailbox } from './support/mailbox.ts';
import { type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';

// Monday 23 November 2026, 12:00 UTC; the business is in New York and open 09:00-17:00 every day.
const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
const HOUR = 3_600_000;
let server: TestServer;
let owner: SignedInOwner;
let chair: string;
const customer = 'ada@example.com';

beforeAll(async () => {
  server = await startTestServer({
    clock: clock.clock,
    // A sweep sent through the engine waits for a worker's poll: the shortest interval, as mail-outbox has it.
    env: { TRUST_PROXY: 'true', ACCESS_TOKEN_TTL: '86400', LOG_REQUESTS: 'false', JOB_POLL_SECONDS: '1' },
  });
  owner = await signedInOwner(server, {
    email: 'harbour@example.com',
    businessName: 'Harbour Lane Coffee',
    timezone: 'America/New_York',
  });
  const made = await server.api('POST', '/api/booking-resources', {
    token: owner.token,
    body: { resourcename: 'Window Table', capacity: 4 },
  });
  chair = ((await made.json()) as { resourceid: string }).resourceid;
  for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
    await server.api('POST', '/api/availability', {
      token: owner.token,
      body: { resourceid: chair, dayofweek, starttime: '09:00', endtime: '17:00' },
    });
  }
  // Ada is an app customer who follows the business: her name is known.
  const ada = await signedInCustomer(server, { email: customer, firstName: 'Ada', lastName: 'Lovelace' });
  expect((await follow(server, ada, owner.businessid)).status).toBeLessThan(300);
});
afterAll(() => server?.stop());

/** Moves the clock to `iso` and signs the owner in again (a token lives a day at most). */
async function at(iso: string) {
  clock.set(Date.parse(iso));
  owner.token = (await srpTokens(server, owner.email, owner.password)).AccessToken;
}

const deps = () => ({ env: server.env, mailer: server.deps.mailer });

/** A booking at `start` (an instant) for an hour, through the owner's API. */
async function book(start: string, customerEmail = customer, partysize = 2, minutes = 60) {
  const begins = new Date(start);
  const answer = await server.api('POST', '/api/bookings', {
    token: owner.token,
    body: {
      resourceid: chair,
      customerEmail,
      bookingstarttime: begins.toISOString(),
      bookingendtime: new Date(begins.getTime() + minutes * 60_000).toISOString(),
      partysize,
      notes: '',
    },
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as { data: { bookingid: string } }).data.bookingid;
}

/** A reschedule as the PATCH route makes it: the row moved and the notice written in one transaction. */
async function move(bookingid: string, start: string) {
  clock.advance(1000);
  const begins = new Date(start);
  return server.deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({
        businessid: bookings.businessid,
        resourceid: bookings.resourceid,
        start: bookings.startsAt,
        end: bookings.endsAt,
        partysize: bookings.partysize,
      })
      .from(bookings)
      .where(eq(bookings.bookingid, bookingid));
    await tx
      .update(bookings)
      .set({ startsAt: begins, endsAt: new Date(begins.getTime() + HOUR) })
      .where(eq(bookings.bookingid, bookingid));
    const { businessid, ...was } = previous!;
    const change = { bookingid, businessid, changed: ['time'] as const, previous: was, now: clock.clock() };
    return notifyBookingChanged(tx, change, deps());
  });
}

async function cancel(bookingid: string, reason: string | null = null, by: 'owner' | 'customer' = 'owner') {
  clock.advance(1000);
  return server.deps.db.transaction(async (tx) => {
    const now = clock.clock();
    await tx.update(bookings).set({ cancelledAt: now }).where(eq(bookings.bookingid, bookingid));
    return notifyBookingCancelled(tx, { bookingid, businessid: owner.businessid, reason, by, now }, deps());
  });
}

/** One reminders sweep through the engine, as the schedule sends it; how many it wrote. */
async function runSweep() {
  const { boss } = server.deps.jobs;
  const id = await boss.send(QUEUES.reminders, {});
  await expect
    .poll(async () => (await boss.getJobById(QUEUES.reminders, id!))?.state, { timeout: 20_000 })
    .toBe('completed');
  return ((await boss.getJobById(QUEUES.reminders, id!))!.output as { reminded: number }).reminded;
}

const mailsOf = async (bookingid: string) =>
  (await mailbox(server))
    .filter((m) => m.attachments.some((a) => a.content.includes(`UID:${bookingid}@business-portal`)))
    .reverse();
const ics = (mail: Mail) => mail.attachments.find((a) => a.filename === 'booking.ics')!.content;
const line = (file: string, name: string) => file.split(/\r?\n/).find((l) => l.startsWith(`${name}:`));

describe('booking settings', () => {
  it('start at a reminder a day ahead, a 2-hour cut-off and owner notices on', async () => {
    const answer = await server.api('GET', '/api/businesses/me/booking-settings', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(BOOKING_SETTINGS_DEFAULTS);
  });

  it('refuse a bad value with 400 naming the field, and change nothing', async () => {
    const put = (body: unknown) =>
      server.api('PUT', '/api/businesses/me/booking-settings', { token: owner.token, body });
    const cases: Array<[unknown, RegExp]> = [
      [{ ...BOOKING_SETTINGS_DEFAULTS, reminderLeadMinutes: 10 }, /^Reminder lead must be/],
      [{ ...BOOKING_SETTINGS_DEFAULTS, reminderLeadMinutes: '1440' }, /^Reminder lead must be/],
      [{ ...BOOKING_SETTINGS_DEFAULTS, cancellationCutoffMinutes: -1 }, /^Cancellation cut-off must be/],
      [{ ...BOOKING_SETTINGS_DEFAULTS, cancellationCutoffMinutes: 1.5 }, /^Cancellation cut-off must be/],
      [{ ...BOOKING_SETTINGS_DEFAULTS, cancellationCutoffMinutes: 999_999 }, /^Cancellation cut-off must be/],
      [{ ...BOOKING_SETTINGS_DEFAULTS, notifyOwnerOfBookings: 'yes' }, /^Owner notifications must be true or false/],
      [{ reminderLeadMinutes: null, notifyOwnerOfBookings: true }, /^Cancellation cut-off must be/],
      [{ cancellationCutoffMinutes: 120, notifyOwnerOfBookings: true }, /^Reminder lead must be/],
      [{ reminderLeadMinutes: 60, cancellationCutoffMinutes: 120 }, /^Owner notifications must be/],
    ];
    for (const [body, message] of cases) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    }
    const now = await server.api('GET', '/api/businesses/me/booking-settings', { token: owner.token });
    expect(await now.json()).toEqual(BOOKING_SETTINGS_DEFAULTS);
  });

  it("are the caller's own: another owner's change leaves them alone; reminders can be turned off", async () => {
    const other = await signedInOwner(server, { email: 'other@example.com', businessName: 'Other' });
    const off = { reminderLeadMinutes: null, cancellationCutoffMinutes: 0, notifyOwnerOfBookings: false };
    const answer = await server.api('PUT', '/api/businesses/me/booking-settings', { token: other.token, body: off });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(off);
    const mine = await server.api('GET', '/api/businesses/me/booking-settings', { token: owner.token });
    expect(await mine.json()).toEqual(BOOKING_SETTINGS_DEFAULTS);
    // What the customer routes read for the cut-off.
    expect(await cancellationCutoffMinutes(server.deps.db, { businessid: other.businessid })).toBe(0);
    expect(await cancellationCutoffMinutes(server.deps.db, { businessid: owner.businessid })).toBe(120);
  });
});

describe('booking mails', { timeout: 60_000 }, () => {
  it('greet the customer by name, name the zone in words, and carry the calendar file', async () => {
    // Tuesday 1 December 2026, 10:00 in New York (15:00 UTC).
    const bookingid = await book('2026-12-01T15:00:00Z');
    const [confirmation] = await mailsOf(bookingid);
    expect(confirmation!.subject).toBe('Your booking at “Harbour Lane Coffee” is confirmed');
    expect(confirmation!.text).toMatch(/^Hello Ada,\n/);
    expect(confirmation!.text).toContain('Tuesday 1 December 2026, 10:00 AM - 11:00 AM (New York time)');
    const file = ics(confirmation!);
    expect(line(file, 'METHOD')).toBe('METHOD:PUBLISH');
    expect(line(file, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(line(file, 'DTSTART')).toBe('DTSTART:20261201T150000Z');
  });

  it('say "Hello," to a guest whose name nobody typed', async () => {
    const bookingid = await book('2026-12-02T15:00:00Z', 'guest@outside.example');
    const [confirmation] = await mailsOf(bookingid);
    expect(confirmation!.text).toMatch(/^Hello,\n/);
  });

  it('send a change with the same UID and a higher SEQUENCE, then a METHOD:CANCEL cancellation', async () => {
    const bookingid = await book('2026-12-03T15:00:00Z');
    expect((await move(bookingid, '2026-12-03T19:00:00Z')).mailHeld).toBeUndefined();
    expect((await cancel(bookingid, 'The cafe floods')).mailHeld).toBeUndefined();
    const [confirmation, change, cancellation] = await mailsOf(bookingid);
    expect(change!.subject).toBe('Your booking at “Harbour Lane Coffee” has changed');
    expect(change!.text).toMatch(/^Hello Ada,\n/);
    expect(change!.text).toContain('Thursday 3 December 2026, 2:00 PM - 3:00 PM (New York time)');
    expect(change!.text).toContain('(It was Thursday 3 December 2026, 10:00 AM - 11:00 AM (New York time).)');
    expect(cancellation!.subject).toBe('Your booking at “Harbour Lane Coffee” was cancelled');
    expect(cancellation!.text).toContain('Reason: The cafe floods');
    const files = [confirmation!, change!, cancellation!].map(ics);
    expect(files.map((f) => line(f, 'UID'))).toEqual(Array(3).fill(`UID:${bookingid}@business-portal`));
    expect(files.map((f) => line(f, 'SEQUENCE'))).toEqual(['SEQUENCE:0', 'SEQUENCE:1', 'SEQUENCE:2']);
    expect(files.map((f) => line(f, 'METHOD'))).toEqual(['METHOD:PUBLISH', 'METHOD:PUBLISH', 'METHOD:CANCEL']);
    expect(line(files[1]!, 'DTSTART')).toBe('DTSTART:20261203T190000Z');
    expect(line(files[2]!, 'STATUS')).toBe('STATUS:CANCELLED');
  });

  it('name London and Sydney in words too, on their own wall clocks', async () => {
    await server.api('PUT', '/api/businesses/me', {
      token: owner.token,
      body: { businessname: 'Harbour Lane Coffee', timezone: 'Europe/London' },
    });
    const bookingid = await book('2026-12-04T15:00:00Z');
    const [mail] = await mailsOf(bookingid);
    expect(mail!.text).toContain('Friday 4 December 2026, 3:00 PM - 4:00 PM (London time)');
    const at = { start: new Date('2026-12-04T15:00:00Z'), end: new Date('2026-12-04T16:00:00Z') };
    expect(whenText({ ...at, timeZone: 'Europe/London' })).toBe(
      'Friday 4 December 2026, 3:00 PM - 4:00 PM (London time)',
    );
    expect(whenText({ ...at, timeZone: 'Australia/Sydney' })).toBe(
      'Saturday 5 December 2026, 2:00 AM - 3:00 AM (Sydney time)',
    );
    expect(whenText({ ...at, timeZone: 'UTC' })).toBe('Friday 4 December 2026, 3:00 PM - 4:00 PM (UTC)');
    await server.api('PUT', '/api/businesses/me', {
      token: owner.token,
      body: { businessname: 'Harbour Lane Coffee', timezone: 'America/New_York' },
    });
  });
});

describe('reminders', { timeout: 90_000 }, () => {
  const reminders = async (bookingid: string) =>
    (await mailsOf(bookingid)).filter((m) => m.subject.startsWith('Reminder:'));

  it('are swept every minute on the job engine', async () => {
    const schedules = await server.deps.jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([QUEUES.reminders, REMINDERS_CRON]);
  });

  it('come once, a day before the start, with the calendar file, however many sweeps run at once', async () => {
    await at('2026-11-28T12:00:00Z');
    // Monday 30 November 2026, 10:00 New York: reminded from Sunday 29 November, 15:00 UTC.
    const bookingid = await book('2026-11-30T15:00:00Z');
    await at('2026-11-29T14:59:00Z');
    await runSweep();
    expect(await reminders(bookingid)).toEqual([]);
    await at('2026-11-29T15:00:30Z');
    const swept = await Promise.all([
      runSweep(),
      runSweep(),
      sweepReminders({ ...deps(), db: server.deps.db, now: clock.clock() }),
      sweepReminders({ ...deps(), db: server.deps.db, now: clock.clock() }),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    const [reminder, ...more] = await reminders(bookingid);
    expect(more).toEqual([]);
    expect(reminder!.to).toBe(customer);
    expect(reminder!.subject).toBe('Reminder: your booking at “Harbour Lane Coffee”');
    expect(reminder!.text).toMatch(/^Hello Ada,\n/);
    expect(reminder!.text).toContain('Monday 30 November 2026, 10:00 AM - 11:00 AM (New York time)');
    expect(line(ics(reminder!), 'UID')).toBe(`UID:${bookingid}@business-portal`);
    expect(await runSweep()).toBe(0);
  });

  it('never come for a cancelled booking', async () => {
    await at('2026-12-05T12:00:00Z');
    const bookingid = await book('2026-12-08T15:00:00Z');
    await cancel(bookingid);
    await at('2026-12-07T15:30:00Z');
    expect(await runSweep()).toBe(0);
    expect(await reminders(bookingid)).toEqual([]);
  });

  it('move with a rescheduled booking, and come again for its new time', async () => {
    await at('2026-12-09T12:00:00Z');
    const bookingid = await book('2026-12-11T15:00:00Z');
    expect((await reminderOf(server.deps.db, bookingid))?.remindAt).toEqual(new Date('2026-12-10T15:00:00Z'));
    // Moved two days later: nothing at the old time, the reminder at the new one.
    await move(bookingid, '2026-12-13T15:00:00Z');
    await at('2026-12-10T15:30:00Z');
    expect(await runSweep()).toBe(0);
    await at('2026-12-12T15:00:00Z');
    expect(await runSweep()).toBe(1);
    // Moved again after its reminder: the new time is reminded too, with the new SEQUENCE.
    await move(bookingid, '2026-12-15T15:00:00Z');
    await at('2026-12-14T15:01:00Z');
    expect(await runSweep()).toBe(1);
    const sent = await reminders(bookingid);
    expect(sent.map((m) => line(ics(m), 'DTSTART'))).toEqual(['DTSTART:20261213T150000Z', 'DTSTART:20261215T150000Z']);
    expect(sent.map((m) => line(ics(m), 'SEQUENCE'))).toEqual(['SEQUENCE:1', 'SEQUENCE:2']);
  });

  it('follow a new lead, and stop when turned off', async () => {
    await at('2026-12-16T12:00:00Z');
    const a = await book('2026-12-19T15:00:00Z');
    const b = await book('2026-12-20T15:00:00Z');
    const settings = (reminderLeadMinutes: number | null) =>
      server.api('PUT', '/api/businesses/me/booking-settings', {
        token: owner.token,
        body: { ...BOOKING_SETTINGS_DEFAULTS, reminderLeadMinutes },
      });
    expect((await settings(48 * 60)).status).toBe(200);
    expect((await reminderOf(server.deps.db, a))?.remindAt).toEqual(new Date('2026-12-17T15:00:00Z'));
    expect((await settings(null)).status).toBe(200);
    expect((await reminderOf(server.deps.db, b))?.remindAt).toBeNull();
    await at('2026-12-20T14:00:00Z');
    expect(await runSweep()).toBe(0);
    expect((await settings(BOOKING_SETTINGS_DEFAULTS.reminderLeadMinutes)).status).toBe(200);
  });

  it('are not sent for a booking made inside its lead (the confirmation says it all)', async () => {
    await at('2026-12-21T12:00:00Z');
    const bookingid = await book('2026-12-21T20:00:00Z');
    expect((await reminderOf(server.deps.db, bookingid))?.remindAt).toBeNull();
    expect(await runSweep()).toBe(0);
  });
});

describe("the owner's notices of customers' own bookings", () => {
  it('mail the owner when a customer books or cancels, unless turned off', async () => {
    await at('2026-12-22T12:00:00Z');
    const bookingid = await book('2026-12-23T15:00:00Z');
    // As the customer routes report them: a booking made in the app, then cancelled there.
    const made = { bookingid, businessid: owner.businessid, source: 'app' as const, now: clock.clock() };
    await server.deps.db.transaction((tx) => notifyBookingMade(tx, made, deps()));
    await cancel(bookingid, null, 'customer');
    const [ownCancel] = (await mailsOf(bookingid)).filter((m) => m.subject.endsWith('was cancelled'));
    expect(ownCancel!.text).toContain('You cancelled your booking:');
    const toOwner = (await mailbox(server)).filter((m) => m.to === owner.email).reverse();
    expect(toOwner.map((m) => m.subject)).toEqual(['New booking from the app', 'A booking was cancelled in the app']);
    expect(toOwner[0]!.text).toContain('Ada Lovelace (ada@example.com) booked through the app:');
    expect(toOwner[0]!.text).toContain('Wednesday 23 December 2026, 10:00 AM - 11:00 AM (New York time)');

    await server.api('PUT', '/api/businesses/me/booking-settings', {
      token: owner.token,
      body: { ...BOOKING_SETTINGS_DEFAULTS, notifyOwnerOfBookings: false },
    });
    await server.deps.db.transaction((tx) =>
      notifyOwnerOfCustomerBooking(tx, { bookingid, now: clock.clock() }, deps()),
    );
    await server.deps.db.transaction((tx) =>
      notifyOwnerOfCustomerCancel(tx, { bookingid, now: clock.clock() }, deps()),
    );
    expect((await mailbox(server)).filter((m) => m.to === owner.email)).toHaveLength(2);
  });
});

describe('reminders to strangers', { timeout: 90_000 }, () => {
  it('are not counted again when the confirmation went; held when it was held', async () => {
    // Free: 5 mails to strangers an hour. Six guest bookings in one hour: the sixth confirmation is held.
    await at('2026-12-28T14:00:00Z');
    const lead = { ...BOOKING_SETTINGS_DEFAULTS, reminderLeadMinutes: 50 };
    expect(
      (await server.api('PUT', '/api/businesses/me/booking-settings', { token: owner.token, body: lead })).status,
    ).toBe(200);
    const guests = [1, 2, 3, 4, 5, 6].map((n) => `walkin${n}@outside.example`);
    const ids: string[] = [];
    // Half-hour bookings for one: four at 15:00 UTC (10:00 in New York), two at 15:30; reminded at 14:10 and 14:40.
    for (const [i, guest] of guests.entries()) {
      ids.push(await book(i < 4 ? '2026-12-28T15:00:00Z' : '2026-12-28T15:30:00Z', guest, 1, 30));
    }
    const status = async (to: string, prefix: string) =>
      (await mailbox(server)).filter((m) => m.to === to && m.subject.startsWith(prefix)).map((m) => m.status);
    expect(await status(guests[5]!, 'Your booking')).toEqual(['held']);
    // Within the same hour every reminder is due: five go although the hour's limit is reached, the sixth is held.
    await at('2026-12-28T14:45:00Z');
    expect(await runSweep()).toBe(6);
    for (const guest of guests.slice(0, 5)) expect(await status(guest, 'Reminder:')).toEqual(['sent']);
    expect(await status(guests[5]!, 'Reminder:')).toEqual(['held']);
    await server.api('PUT', '/api/businesses/me/booking-settings', {
      token: owner.token,
      body: BOOKING_SETTINGS_DEFAULTS,
    });
  });
});
