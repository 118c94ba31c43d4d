import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXTS, futureBookingsText, overlapText } from '../../contracts/bookings.ts';
import { resourceLimitReached } from '../../contracts/limits.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { follow } from './support/customers.ts';
import { mailbox } from './support/mailbox.ts';
import { type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';

// Monday 23 November 2026, 12:00 UTC = 07:00 in New York.
const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
type Owner = SignedInOwner;
let owner: Owner;

const makeOwner = (email: string, businessName: string, timezone: string) =>
  signedInOwner(server, { email, businessName, timezone });

const call = (method: string, path: string, body?: unknown, who: Owner = owner) =>
  server.api(method, path, { token: who.token, body });

async function resource(name: string, capacity: number, who: Owner = owner) {
  const res = await call('POST', '/api/booking-resources', { resourcename: name, capacity }, who);
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as { resourceid: string };
  // Monday to Sunday, 09:00-17:00.
  for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
    const rule = await call(
      'POST',
      '/api/availability',
      { resourceid: created.resourceid, dayofweek, starttime: '09:00', endtime: '17:00' },
      who,
    );
    expect(rule.status).toBe(201);
  }
  return created.resourceid;
}

const slots = async (resourceid: string, query: string, who: Owner = owner) => {
  const res = await call('GET', `/api/booking-availability/${resourceid}?${query}`, undefined, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { availableSlots: Array<{ start: string; end: string }> } }).data
    .availableSlots;
};

const book = (resourceid: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/bookings', {
    resourceid,
    customerEmail: 'guest@example.com',
    bookingstarttime: start,
    bookingendtime: end,
    partysize: 1,
    notes: '',
    ...extra,
  });

beforeAll(async () => {
  // Far more guest bookings an hour than a Free business may mail (tests/server/mail-relay.test.ts has the limit).
  server = await startTestServer({
    clock: clock.clock,
    env: { TRUST_PROXY: 'true', STRANGER_MAILS_PER_HOUR_FREE: '1000', STRANGER_MAILS_PER_DAY_FREE: '1000' },
  });
  await server.deps.db.execute(`update packages set bookable_resources_limit = 10 where name = 'Free'`);
  owner = await makeOwner('nina@example.com', 'Nina Nails', 'America/New_York');
});
afterAll(() => server?.stop());

describe('resources', () => {
  it('creates, lists, edits and validates resources, naming the field', async () => {
    const made = await call('POST', '/api/booking-resources', {
      resourcename: '  Chair 1 ',
      description: 'By the window',
    });
    expect(made.status).toBe(201);
    const chair = await made.json();
    expect(chair).toEqual({
      resourceid: expect.any(String),
      resourcename: 'Chair 1',
      description: 'By the window',
      capacity: 1,
      isactive: true,
    });
    const edited = await call('PUT', `/api/booking-resources/${chair.resourceid}`, {
      resourcename: 'Chair One',
      capacity: 2,
      isactive: false,
    });
    expect(await edited.json()).toMatchObject({ resourcename: 'Chair One', capacity: 2, isactive: false });
    const list = await (await call('GET', '/api/booking-resources')).json();
    expect(list).toContainEqual(expect.objectContaining({ resourceid: chair.resourceid, resourcename: 'Chair One' }));

    for (const [body, message] of [
      [{ resourcename: ' ' }, 'Name is required.'],
      [{ resourcename: 'X', capacity: 0 }, 'Capacity must be a whole number from 1 to 1000.'],
      [{ resourcename: 'X', capacity: 1.5 }, 'Capacity must be a whole number from 1 to 1000.'],
    ] as const) {
      const res = await call('POST', '/api/booking-resources', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    expect((await call('PUT', '/api/booking-resources/not-a-uuid', { resourcename: 'X' })).status).toBe(404);
    expect((await call('DELETE', `/api/booking-resources/${chair.resourceid}`)).status).toBe(200);
  });

  it("refuses a resource beyond the package's limit with the spec's text, also under a race", async () => {
    const small = await makeOwner('sam@example.com', 'Sam Salon', 'Europe/London');
    await server.deps.db.execute(`update packages set bookable_resources_limit = 2 where name = 'Free'`);
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => call('POST', '/api/booking-resources', { resourcename: `Room ${n}` }, small)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 403, 403, 403]);
      expect(await answers.find((a) => a.status === 403)!.json()).toEqual({ message: resourceLimitReached(2) });
      const usage = await call('GET', `/api/packages/usage/${small.businessid}/can-add-resource`, undefined, small);
      expect(await usage.json()).toEqual({ canAdd: false, limit: 2 });
      const dashboard = await call('GET', `/api/packages/usage/${small.businessid}/dashboard`, undefined, small);
      expect((await dashboard.json()).data.usage.resources).toEqual({ currentCount: 2, limit: 2, remaining: 0 });
    } finally {
      await server.deps.db.execute(`update packages set bookable_resources_limit = 10 where name = 'Free'`);
    }
  });
});

describe('weekly availability', () => {
  it('stores HH:MM as HH:MM:SS, refuses overlaps of one day and bad input, deletes rules', async () => {
    const res = await call('POST', '/api/booking-resources', { resourcename: 'Studio' });
    const { resourceid } = await res.json();
    const add = (dayofweek: unknown, starttime: unknown, endtime: unknown) =>
      call('POST', '/api/availability', { resourceid, dayofweek, starttime, endtime });
    const morning = await add(1, '09:00', '12:00:00');
    expect(morning.status).toBe(201);
    expect(await morning.json()).toMatchObject({ dayofweek: 1, starttime: '09:00:00', endtime: '12:00:00' });
    expect((await add(1, '12:00', '13:00')).status).toBe(201); // touching is fine
    const clash = await add(1, '11:30', '14:00');
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ message: overlapText(1, '09:00:00', '12:00:00') });
    expect((await add(2, '11:30', '14:00')).status).toBe(201); // another day
    for (const [args, message] of [
      [[7, '09:00', '10:00'], 'Day must be a whole number from 0 to 6.'],
      [[1, '9am', '10:00'], 'Start time must be a time like 09:00.'],
      [[1, '15:00', '14:00'], 'Start time must be before end time.'],
    ] as const) {
      const bad = await add(...(args as unknown as [number, string, string]));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message });
    }
    const rules = (await (await call('GET', `/api/availability/${resourceid}`)).json()) as Array<{
      availabilityid: string;
      dayofweek: number;
      starttime: string;
    }>;
    expect(rules.map((r) => `${r.dayofweek} ${r.starttime}`)).toEqual(['1 09:00:00', '1 12:00:00', '2 11:30:00']);
    expect((await call('DELETE', `/api/availability/${rules[0]!.availabilityid}`)).status).toBe(200);
    expect((await call('DELETE', `/api/availability/${rules[0]!.availabilityid}`)).status).toBe(404);
  });
});

describe('slots', () => {
  it('answers New York wall times as instants, minus the past, closures and full slots', async () => {
    const chair = await resource('Pedicure chair', 1);
    // Today (Monday 23 Nov) it is 07:00 in New York: all of 09:00-16:00 is ahead.
    const today = await slots(chair, 'date=2026-11-23&duration=60&partysize=1');
    expect(today[0]).toEqual({ start: '2026-11-23T14:00:00.000Z', end: '2026-11-23T15:00:00.000Z' });
    expect(today).toHaveLength(15);
    expect(await slots(chair, 'date=2026-11-22&duration=60&partysize=1')).toEqual([]); // yesterday
    expect(await slots(chair, 'date=2026-11-24&duration=60&partysize=2')).toEqual([]); // party above capacity

    const closed = await call('POST', '/api/booking-closures', {
      resourceid: null,
      startdate: '2026-11-26',
      enddate: '2026-11-27',
      reason: 'Thanksgiving',
    });
    expect(closed.status).toBe(201);
    expect(await slots(chair, 'date=2026-11-26')).toEqual([]);
    expect(await slots(chair, 'date=2026-11-28')).toHaveLength(15);
    const list = await (await call('GET', '/api/booking-closures')).json();
    expect(list).toEqual([
      expect.objectContaining({ startdate: '2026-11-26', enddate: '2026-11-27', reason: 'Thanksgiving' }),
    ]);

    for (const [body, message] of [
      [{ startdate: '2026-12-05', enddate: '2026-12-01' }, 'End date must not be before start date.'],
      [{ startdate: '24/12/2026' }, 'Start date must be a date like 2026-12-24.'],
      [{ startdate: '2026-12-05', resourceid: 'nope' }, 'Resource is not valid.'],
    ] as const) {
      const res = await call('POST', '/api/booking-closures', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    for (const [query, message] of [
      ['date=2026-02-30', 'date must be a date like 2026-12-24.'],
      ['date=2026-12-01&duration=45', 'duration must be 30, 60 or 90 minutes.'],
      ['date=2026-12-01&partysize=0', 'partysize must be a whole number from 1 to 1000.'],
    ] as const) {
      const res = await call('GET', `/api/booking-availability/${chair}?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });
});

describe('bookings', () => {
  it('books a following app customer by e-mail, mails a calendar file, and shows the booking in the window', async () => {
    const table = await resource('Table for four', 4);
    const ada = await signedInCustomer(server, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect((await follow(server, ada, owner.businessid)).status).toBe(201);
    const [slot] = await slots(table, 'date=2026-12-07&duration=90&partysize=3');
    const res = await book(table, slot!.start, slot!.end, {
      customerEmail: 'ADA@example.com',
      partysize: 3,
      notes: 'Window seat please',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).data).toMatchObject({
      start: '2026-12-07T14:00:00.000Z',
      end: '2026-12-07T15:30:00.000Z',
      title: 'Table for four',
      firstname: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      partysize: 3,
      notes: 'Window seat please',
    });

    const mail = (await mailbox(server)).find((m) => m.to === 'ada@example.com' && m.subject.includes('confirmed'))!;
    expect(mail.text).toContain('Monday 7 December 2026, 9:00 AM - 10:30 AM (New York time)');
    expect(mail.text).toMatch(/^Hello Ada,\n/);
    const ics = mail.attachments[0]!;
    expect(ics.filename).toBe('booking.ics');
    expect(ics.content).toContain('DTSTART:20261207T140000Z');
    expect(ics.content).toContain('DTEND:20261207T153000Z');
    expect(ics.content).toContain('SUMMARY:Table for four at Nina Nails');

    const window = await call(
      'GET',
      `/api/businesses/me/bookings?startDate=2026-12-07T05:00:00.000Z&endDate=2026-12-14T05:00:00.000Z&resourceId=${table}`,
    );
    const { data } = await window.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ title: 'Table for four', firstname: 'Ada', surname: 'Lovelace' });
    // One place is left at 09:00: a party of 2 is refused, of 1 accepted.
    const tooMany = await book(table, slot!.start, slot!.end, { partysize: 2 });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toEqual({ message: BOOKING_TEXTS.slotTaken });
  });

  it('shows a guest (or a non-follower) by e-mail only, and refuses times off the schedule or too big a party', async () => {
    const desk = await resource('Desk', 2);
    await signedInCustomer(server, { email: 'stranger@example.com', firstName: 'Secret', lastName: 'Name' });
    const guest = await book(desk, '2026-12-08T14:00:00.000Z', '2026-12-08T14:30:00.000Z', {
      customerEmail: 'stranger@example.com',
    });
    expect((await guest.json()).data).toMatchObject({ firstname: null, surname: null, email: 'stranger@example.com' });
    for (const [start, end] of [
      ['2026-12-08T13:00:00.000Z', '2026-12-08T14:00:00.000Z'], // 08:00 local: before opening
      ['2026-12-08T14:10:00.000Z', '2026-12-08T15:10:00.000Z'], // off the grid
      ['2026-11-23T13:00:00.000Z', '2026-11-23T14:00:00.000Z'], // the past
    ]) {
      const res = await book(desk, start!, end!);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        message: 'That time is not open for booking. Please pick one of the available slots.',
      });
    }
    const party = await book(desk, '2026-12-08T15:00:00.000Z', '2026-12-08T16:00:00.000Z', { partysize: 3 });
    expect(party.status).toBe(400);
    expect(await party.json()).toEqual({ message: 'Party size must be at most 2 for Desk.' });
    const badEmail = await book(desk, '2026-12-08T15:00:00.000Z', '2026-12-08T16:00:00.000Z', { customerEmail: 'x' });
    expect(await badEmail.json()).toEqual({ message: 'Please enter a valid email address.' });
  });

  it('gives a capacity-1 slot to exactly one of 20 parallel bookings', async () => {
    const room = await resource('Massage room', 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(room, '2026-12-09T15:00:00.000Z', '2026-12-09T16:00:00.000Z', { customerEmail: `race${i}@example.com` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    // An overlapping interval (15:30-16:30) is taken too.
    expect((await book(room, '2026-12-09T15:30:00.000Z', '2026-12-09T16:30:00.000Z')).status).toBe(409);
  });

  it('gives a capacity-3 slot to exactly three of 10 parallel party-of-1 bookings', async () => {
    const boat = await resource('Kayak', 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(boat, '2026-12-10T15:00:00.000Z', '2026-12-10T16:30:00.000Z', { customerEmail: `paddle${i}@example.com` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const window = await call(
      'GET',
      `/api/businesses/me/bookings?startDate=2026-12-10T00:00:00Z&endDate=2026-12-11T00:00:00Z&resourceId=${boat}`,
    );
    expect((await window.json()).data).toHaveLength(3);
  });

  it('validates the window: both dates, order, and at most 62 days', async () => {
    for (const [query, message] of [
      ['endDate=2026-12-01T00:00:00Z', 'startDate is required.'],
      [
        'startDate=2026-12-01T00:00:00Z&endDate=yesterday',
        'endDate must be a date and time with its offset (ISO 8601).',
      ],
      ['startDate=2026-12-08T00:00:00Z&endDate=2026-12-01T00:00:00Z', 'endDate must be after startDate.'],
      ['startDate=2026-01-01T00:00:00Z&endDate=2026-03-05T00:00:00Z', 'The window may span at most 62 days.'],
    ] as const) {
      const res = await call('GET', `/api/businesses/me/bookings?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });

  it('refuses to delete a resource with bookings ahead unless confirmed, then cancels and mails them', async () => {
    const bay = await resource('Wash bay', 1);
    const booked = await book(bay, '2026-12-11T15:00:00.000Z', '2026-12-11T16:00:00.000Z', {
      customerEmail: 'carol@example.com',
    });
    expect(booked.status).toBe(201);
    const refused = await call('DELETE', `/api/booking-resources/${bay}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: futureBookingsText('Wash bay', 1), futureBookings: 1 });
    const deleted = await call('DELETE', `/api/booking-resources/${bay}?cancelFutureBookings=true`);
    expect(await deleted.json()).toEqual({ message: 'Resource deleted; 1 booking cancelled.' });
    expect((await call('GET', `/api/availability/${bay}`)).status).toBe(404);
    const mail = (await mailbox(server)).find((m) => m.to === 'carol@example.com' && m.subject.includes('cancelled'));
    expect(mail?.attachments[0]?.content).toContain('STATUS:CANCELLED');
  });
});
