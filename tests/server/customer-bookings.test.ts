import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXTS } from '../../contracts/bookings.ts';
import { NOT_FOUND } from '../../contracts/common.ts';
import { CUSTOMER_BOOKING_TEXTS } from '../../contracts/customer-bookings.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { srpTokens } from './support/amplify.ts';
import { mailbox } from './support/mailbox.ts';
import { type SignedInCustomer, type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';

// Issue 24, the customer app's side. Monday 23 November 2026, 12:00 UTC.
const START = Date.parse('2026-11-23T12:00:00Z');
const clock = testClock(START);
let server: TestServer;
let owner: SignedInOwner;
let people = 0;

const asOwner = (method: string, path: string, body?: unknown, who: SignedInOwner = owner) =>
  server.api(method, path, { token: who.token, body });
const asCustomer = (who: SignedInCustomer, method: string, path: string, body?: unknown) =>
  server.api(method, path, { token: who.accessToken, body });
/** A fresh session after the clock jumped past the token's lifetime. */
const again = async <T extends { email: string; password: string }>(who: T) => {
  const { AccessToken } = await srpTokens(server, who.email, who.password);
  return { ...who, accessToken: AccessToken, token: AccessToken };
};
const customer = (name = 'Casey') =>
  signedInCustomer(server, { email: `app${++people}@example.com`, firstName: name, lastName: 'Appleby' });

async function resource(name: string, capacity: number, who: SignedInOwner = owner, isactive = true) {
  const res = await asOwner('POST', '/api/booking-resources', { resourcename: name, capacity, isactive }, who);
  expect(res.status, await res.clone().text()).toBe(201);
  const { resourceid } = (await res.json()) as { resourceid: string };
  for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
    const rule = { resourceid, dayofweek, starttime: '09:00', endtime: '17:00' };
    expect((await asOwner('POST', '/api/availability', rule, who)).status).toBe(201);
  }
  return resourceid;
}

const hour = (start: string) => ({
  bookingstarttime: start,
  bookingendtime: new Date(Date.parse(start) + 3_600_000).toISOString(),
});
const bookAsCustomer = (who: SignedInCustomer, resourceid: string, start: string, partysize = 1) =>
  asCustomer(who, 'POST', '/api/customer/bookings', { resourceid, ...hour(start), partysize, notes: 'From the app' });
const bookAsOwner = (resourceid: string, start: string, email: string, who: SignedInOwner = owner) =>
  asOwner('POST', '/api/bookings', { resourceid, customerEmail: email, ...hour(start), partysize: 1 }, who);

const slotsOf = async (who: SignedInCustomer, businessid: string, resourceid: string, date: string) => {
  const res = await asCustomer(
    who,
    'GET',
    `/api/customer/businesses/${businessid}/availability/${resourceid}?date=${date}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { availableSlots: Array<{ start: string }> } }).data.availableSlots.map(
    (s) => s.start,
  );
};

beforeAll(async () => {
  server = await startTestServer({
    clock: clock.clock,
    env: { TRUST_PROXY: 'true', MAX_UPCOMING_BOOKINGS: '3', BOOKING_REQUESTS_PER_MINUTE: '10' },
  });
  await server.deps.db.execute(`update packages set bookable_resources_limit = 20 where name = 'Free'`);
  owner = await signedInOwner(server, {
    email: 'bea@example.com',
    businessName: 'Bea Bistro',
    timezone: 'America/New_York',
  });
});
afterAll(() => server?.stop());

describe('the customer app books', () => {
  it("lists the active resources and the owner's very slots", async () => {
    const table = await resource('Garden table', 4);
    await resource('Closed terrace', 4, owner, false);
    const cleo = await customer('Cleo');
    const list = await asCustomer(cleo, 'GET', `/api/customer/businesses/${owner.businessid}/resources`);
    expect(list.status).toBe(200);
    expect((await list.json()).data).toContainEqual({
      resourceid: table,
      resourcename: 'Garden table',
      description: null,
      capacity: 4,
    });
    const names = (
      await (await asCustomer(cleo, 'GET', `/api/customer/businesses/${owner.businessid}/resources`)).json()
    ).data.map((r: { resourcename: string }) => r.resourcename);
    expect(names).not.toContain('Closed terrace');
    await bookAsOwner(table, '2026-12-07T15:00:00.000Z', 'walkin@example.com');
    const query = 'date=2026-12-07&duration=90&partysize=4';
    const mineRes = await asCustomer(
      cleo,
      'GET',
      `/api/customer/businesses/${owner.businessid}/availability/${table}?${query}`,
    );
    const ownerRes = await asOwner('GET', `/api/booking-availability/${table}?${query}`);
    const [theirs, ours] = [await mineRes.json(), await ownerRes.json()];
    expect(theirs).toEqual(ours);
    expect(theirs.data.availableSlots.length).toBeGreaterThan(0);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of [`${unknown}/resources`, `${unknown}/availability/${table}?date=2026-12-07`]) {
      const res = await asCustomer(cleo, 'GET', `/api/customer/businesses/${path}`);
      expect([res.status, await res.json()]).toEqual([404, { message: NOT_FOUND.business }]);
    }
    const otherOwner = await signedInOwner(server, { email: 'olly@example.com' });
    const res = await asCustomer(
      cleo,
      'GET',
      `/api/customer/businesses/${otherOwner.businessid}/availability/${table}?date=2026-12-07`,
    );
    expect([res.status, await res.json()]).toEqual([404, { message: NOT_FOUND.resource }]);
    const bad = await asCustomer(
      cleo,
      'GET',
      `/api/customer/businesses/${owner.businessid}/availability/${table}?date=someday`,
    );
    expect([bad.status, await bad.json()]).toEqual([400, { message: 'date must be a date like 2026-12-24.' }]);
  });

  it("books a free slot: 201, the owner's calendar shows it with the customer's name, and it is mailed", async () => {
    const table = await resource('Bar stool', 2);
    const dora = await customer('Dora');
    const res = await bookAsCustomer(dora, table, '2026-12-08T15:00:00.000Z', 2);
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = await res.json();
    expect(data).toEqual({
      bookingid: expect.any(String),
      businessid: owner.businessid,
      businessname: 'Bea Bistro',
      resourceid: table,
      resourcename: 'Bar stool',
      start: '2026-12-08T15:00:00.000Z',
      end: '2026-12-08T16:00:00.000Z',
      partysize: 2,
      notes: 'From the app',
      status: 'confirmed',
      cancelbefore: '2026-12-08T13:00:00.000Z',
    });
    const detail = await (await asOwner('GET', `/api/bookings/${data.bookingid}`)).json();
    // Booking in the app shows the name to the business, though Dora does not follow it.
    expect(detail.data).toMatchObject({
      source: 'app',
      customer: { firstname: 'Dora', surname: 'Appleby', email: dora.email },
    });
    const found = await (await asOwner('GET', '/api/businesses/me/customers?q=dora')).json();
    expect(found.data).toMatchObject([{ firstname: 'Dora', lastname: 'Appleby', email: dora.email, kind: 'guest' }]);
    expect((await mailbox(server)).some((m) => m.to === dora.email && m.subject.includes('confirmed'))).toBe(true);

    // The same slot again: the owner's texts.
    const taken = await bookAsCustomer(await customer(), table, '2026-12-08T15:00:00.000Z');
    expect([taken.status, await taken.json()]).toEqual([409, { message: BOOKING_TEXTS.slotTaken }]);
    const closed = await bookAsCustomer(dora, table, '2026-12-08T12:00:00.000Z');
    expect([closed.status, await closed.json()]).toEqual([409, { message: BOOKING_TEXTS.notBookable }]);
    const bad = await asCustomer(dora, 'POST', '/api/customer/bookings', {
      resourceid: table,
      bookingstarttime: 'soon',
    });
    expect(bad.status).toBe(400);
    const nowhere = await bookAsCustomer(dora, '00000000-0000-4000-8000-000000000000', '2026-12-08T15:00:00.000Z');
    expect([nowhere.status, await nowhere.json()]).toEqual([404, { message: NOT_FOUND.resource }]);
  });

  it('never overbooks when customers and the owner race for the last seat', async () => {
    const boat = await resource('Boat', 3);
    await bookAsOwner(boat, '2026-12-09T15:00:00.000Z', 'first@example.com');
    await bookAsOwner(boat, '2026-12-09T15:00:00.000Z', 'second@example.com');
    const racers = await Promise.all(Array.from({ length: 6 }, () => customer('Racer')));
    const answers = await Promise.all([
      ...racers.map((r) => bookAsCustomer(r, boat, '2026-12-09T15:00:00.000Z')),
      ...Array.from({ length: 6 }, (_, i) => bookAsOwner(boat, '2026-12-09T15:00:00.000Z', `phone${i}@example.com`)),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const window = await asOwner(
      'GET',
      `/api/businesses/me/bookings?startDate=2026-12-09T00:00:00Z&endDate=2026-12-10T00:00:00Z&resourceId=${boat}`,
    );
    expect((await window.json()).data).toHaveLength(3);
  });

  it("cancels its own booking: the seat is offered again, twice is 409, another customer's is 404", async () => {
    const chair = await resource('Barber chair', 1);
    const eve = await customer('Eve');
    const made = (await (await bookAsCustomer(eve, chair, '2026-12-10T15:00:00.000Z')).json()).data;
    expect(await slotsOf(eve, owner.businessid, chair, '2026-12-10')).not.toContain('2026-12-10T15:00:00.000Z');
    const stranger = await customer('Mallory');
    for (const id of [made.bookingid, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await asCustomer(stranger, 'POST', `/api/customer/bookings/${id}/cancel`);
      expect([res.status, await res.json()]).toEqual([404, { message: NOT_FOUND.booking }]);
    }
    expect((await asCustomer(stranger, 'GET', '/api/customer/bookings').then((r) => r.json())).data).toEqual([]);
    const cancelled = await asCustomer(eve, 'POST', `/api/customer/bookings/${made.bookingid}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).data).toMatchObject({ bookingid: made.bookingid, status: 'cancelled' });
    expect(await slotsOf(eve, owner.businessid, chair, '2026-12-10')).toContain('2026-12-10T15:00:00.000Z');
    const again = await asCustomer(eve, 'POST', `/api/customer/bookings/${made.bookingid}/cancel`);
    expect([again.status, await again.json()]).toEqual([409, { message: BOOKING_TEXTS.alreadyCancelled }]);
    const owners = await (await asOwner('GET', `/api/bookings/${made.bookingid}`)).json();
    expect(owners.data).toMatchObject({ status: 'cancelled' });
  });

  it('lists its bookings upcoming first (soonest first), then past and cancelled ones', async () => {
    const desk = await resource('Hot desk', 5);
    const fay = await customer('Fay');
    const later = (await (await bookAsCustomer(fay, desk, '2026-12-15T15:00:00.000Z')).json()).data.bookingid;
    const sooner = (await (await bookAsCustomer(fay, desk, '2026-11-24T15:00:00.000Z')).json()).data.bookingid;
    const dropped = (await (await bookAsCustomer(fay, desk, '2026-12-20T15:00:00.000Z')).json()).data.bookingid;
    expect((await asCustomer(fay, 'POST', `/api/customer/bookings/${dropped}/cancel`)).status).toBe(200);
    // The owner's booking for Fay's address is hers too.
    const byPhone = (await (await bookAsOwner(desk, '2026-12-01T15:00:00.000Z', fay.email)).json()).data.bookingid;
    clock.set(Date.parse('2026-11-30T12:00:00Z')); // 24 November is past now.
    try {
      const fay2 = await again(fay);
      const { data } = await (await asCustomer(fay2, 'GET', '/api/customer/bookings')).json();
      expect(data.map((b: { bookingid: string; status: string }) => [b.bookingid, b.status])).toEqual([
        [byPhone, 'confirmed'],
        [later, 'confirmed'],
        [dropped, 'cancelled'],
        [sooner, 'confirmed'],
      ]);
      expect(data[0]).toMatchObject({ businessname: 'Bea Bistro', resourcename: 'Hot desk' });
      const over = await asCustomer(fay2, 'POST', `/api/customer/bookings/${sooner}/cancel`);
      expect([over.status, await over.json()]).toEqual([409, { message: CUSTOMER_BOOKING_TEXTS.alreadyOver }]);
    } finally {
      clock.set(START);
    }
  });

  it("enforces the 2-hour cut-off in the business's zone (Sydney)", async () => {
    const sydney = await signedInOwner(server, {
      email: 'syd@example.com',
      businessName: 'Harbour Cafe',
      timezone: 'Australia/Sydney',
    });
    const seat = await resource('Harbour seat', 4, sydney);
    const gus = await customer('Gus');
    // Tuesday 8 December 2026, 10:00 in Sydney (summer time, +11) is 23:00 UTC the day before.
    const early = (await (await bookAsCustomer(gus, seat, '2026-12-07T23:00:00.000Z')).json()).data;
    const late = (await (await bookAsCustomer(gus, seat, '2026-12-07T23:00:00.000Z')).json()).data;
    expect(early.cancelbefore).toBe('2026-12-07T21:00:00.000Z'); // 08:00 in Sydney
    try {
      clock.set(Date.parse('2026-12-07T20:59:00Z')); // 07:59 in Sydney: still allowed
      const gus2 = await again(gus);
      expect((await asCustomer(gus2, 'POST', `/api/customer/bookings/${early.bookingid}/cancel`)).status).toBe(200);
      clock.set(Date.parse('2026-12-07T21:01:00Z')); // 08:01 in Sydney: too late
      const refused = await asCustomer(gus2, 'POST', `/api/customer/bookings/${late.bookingid}/cancel`);
      expect([refused.status, await refused.json()]).toEqual([
        409,
        { message: CUSTOMER_BOOKING_TEXTS.tooLateToCancel('Harbour Cafe', 120) },
      ]);
      // The owner may still cancel.
      expect((await asOwner('POST', `/api/bookings/${late.bookingid}/cancel`, {}, await again(sydney))).status).toBe(
        200,
      );
    } finally {
      clock.set(START);
    }
  });

  it('holds at most the set number of upcoming bookings per business', async () => {
    const lane = await resource('Bowling lane', 10);
    const hal = await customer('Hal');
    const starts = ['2026-12-11T15:00:00.000Z', '2026-12-11T16:00:00.000Z', '2026-12-11T17:00:00.000Z'];
    const made = [];
    for (const start of starts) {
      const res = await bookAsCustomer(hal, lane, start);
      expect(res.status).toBe(201);
      made.push((await res.json()).data.bookingid);
    }
    const fourth = await bookAsCustomer(hal, lane, '2026-12-11T18:00:00.000Z');
    expect([fourth.status, await fourth.json()]).toEqual([
      409,
      { message: CUSTOMER_BOOKING_TEXTS.upcomingLimit('Bea Bistro', 3) },
    ]);
    // Another business is another count; a cancelled one frees a place.
    expect((await asCustomer(hal, 'POST', `/api/customer/bookings/${made[0]}/cancel`)).status).toBe(200);
    expect((await bookAsCustomer(hal, lane, '2026-12-11T18:00:00.000Z')).status).toBe(201);
    // Parallel requests of one customer cannot pass the cap together.
    const ivy = await customer('Ivy');
    const answers = await Promise.all(
      ['15:00', '15:30', '16:00', '16:30', '17:00'].map((t) => bookAsCustomer(ivy, lane, `2026-12-12T${t}:00.000Z`)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
  });

  it('answers the eleventh booking request of a minute with 429 and Retry-After', async () => {
    const spot = await resource('Parking spot', 1);
    const jo = await customer('Jo');
    await bookAsOwner(spot, '2026-12-14T15:00:00.000Z', 'taken@example.com');
    try {
      for (let i = 0; i < 10; i++) {
        expect((await bookAsCustomer(jo, spot, '2026-12-14T15:00:00.000Z')).status).toBe(409);
      }
      const eleventh = await bookAsCustomer(jo, spot, '2026-12-14T16:00:00.000Z');
      expect(eleventh.status).toBe(429);
      expect(eleventh.headers.get('retry-after')).toBe('60');
      expect(await eleventh.json()).toEqual({ message: CUSTOMER_BOOKING_TEXTS.tooManyRequests(60) });
      // Someone else is not held back; a minute later Jo may book again.
      expect((await bookAsCustomer(await customer(), spot, '2026-12-14T17:00:00.000Z')).status).toBe(201);
      clock.advance(60_000);
      expect((await bookAsCustomer(jo, spot, '2026-12-14T16:00:00.000Z')).status).toBe(201);
    } finally {
      clock.set(START);
    }
  });
});
