import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXTS, STATUS_CHOICES_TEXT } from '../../contracts/bookings.ts';
import { NOT_FOUND } from '../../contracts/common.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { follow, unfollow } from './support/customers.ts';
import { type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';

// Issue 24, the owner's side: one booking's details, change, cancel and status; the window's status,
// cancelled bookings and ETag. Monday 23 November 2026, 12:00 UTC.
const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
let owner: SignedInOwner;
let rival: SignedInOwner;

const call = (method: string, path: string, body?: unknown, who: SignedInOwner = owner) =>
  server.api(method, path, { token: who.token, body });

async function resource(name: string, capacity: number, who: SignedInOwner = owner) {
  const res = await call('POST', '/api/booking-resources', { resourcename: name, capacity }, who);
  expect(res.status, await res.clone().text()).toBe(201);
  const { resourceid } = (await res.json()) as { resourceid: string };
  for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
    const rule = { resourceid, dayofweek, starttime: '09:00', endtime: '17:00' };
    expect((await call('POST', '/api/availability', rule, who)).status).toBe(201);
  }
  return resourceid;
}

const slotStarts = async (resourceid: string, date: string, duration = 60, who: SignedInOwner = owner) => {
  const res = await call(
    'GET',
    `/api/booking-availability/${resourceid}?date=${date}&duration=${duration}`,
    undefined,
    who,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { availableSlots: Array<{ start: string }> } }).data.availableSlots.map(
    (s) => s.start,
  );
};

async function book(resourceid: string, start: string, minutes = 60, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/bookings', {
    resourceid,
    customerEmail: 'guest@example.com',
    bookingstarttime: start,
    bookingendtime: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    partysize: 1,
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { bookingid: string } }).data.bookingid;
}

const detail = async (bookingid: string, who: SignedInOwner = owner) => {
  const res = await call('GET', `/api/bookings/${bookingid}`, undefined, who);
  return { status: res.status, body: await res.json() };
};

/** "HH:MM" of an instant on the zone's wall clock. */
const wall = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { TRUST_PROXY: 'true' } });
  await server.deps.db.execute(`update packages set bookable_resources_limit = 20 where name = 'Free'`);
  owner = await signedInOwner(server, {
    email: 'lena@example.com',
    businessName: 'Lena Lounge',
    timezone: 'America/New_York',
  });
  rival = await signedInOwner(server, {
    email: 'rex@example.com',
    businessName: 'Rex Rooms',
    timezone: 'Europe/London',
  });
});
afterAll(() => server?.stop());

describe('one booking', () => {
  it("shows its details with status and customer; another business's id reads as unknown", async () => {
    const chair = await resource('Chair', 2);
    const bookingid = await book(chair, '2026-12-07T15:00:00.000Z', 60, { notes: 'Nails', partysize: 2 });
    const { status, body } = await detail(bookingid);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      bookingid,
      resourceid: chair,
      resourcename: 'Chair',
      start: '2026-12-07T15:00:00.000Z',
      end: '2026-12-07T16:00:00.000Z',
      partysize: 2,
      notes: 'Nails',
      status: 'confirmed',
      cancelledat: null,
      cancelreason: null,
      source: 'owner',
      customer: { customerid: expect.any(String), firstname: null, surname: null, email: 'guest@example.com' },
      // Who did it: recorded by the team's server side (issue 25); none before it.
      createdby: null,
      changedby: null,
      cancelledby: null,
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [id, who] of [
      [bookingid, rival],
      [unknown, owner],
      ['not-a-uuid', owner],
    ] as const) {
      const res = await detail(id, who);
      expect(res).toEqual({ status: 404, body: { message: NOT_FOUND.booking } });
      for (const [method, path, body] of [
        ['PATCH', `/api/bookings/${id}`, { notes: 'x' }],
        ['POST', `/api/bookings/${id}/cancel`, {}],
        ['PUT', `/api/bookings/${id}/status`, { status: 'no_show' }],
      ] as const) {
        const write = await call(method, path, body, who);
        expect([write.status, await write.json()]).toEqual([404, { message: NOT_FOUND.booking }]);
      }
    }
    expect((await detail(bookingid)).body.data.status).toBe('confirmed');
  });

  it('changes notes, party size, time and resource under the rules; a refusal changes nothing', async () => {
    const chair = await resource('Swivel chair', 2);
    const sofa = await resource('Sofa', 1);
    const bookingid = await book(chair, '2026-12-08T15:00:00.000Z');
    const notes = await call('PATCH', `/api/bookings/${bookingid}`, { notes: 'Bring a towel' });
    expect(notes.status).toBe(200);
    expect((await notes.json()).data).toMatchObject({ notes: 'Bring a towel', start: '2026-12-08T15:00:00.000Z' });

    // A start alone keeps the duration; the old place is offered again, the new one no longer.
    const moved = await call('PATCH', `/api/bookings/${bookingid}`, { bookingstarttime: '2026-12-08T17:30:00.000Z' });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await moved.json()).data).toMatchObject({
      start: '2026-12-08T17:30:00.000Z',
      end: '2026-12-08T18:30:00.000Z',
    });
    expect(await slotStarts(chair, '2026-12-08')).toContain('2026-12-08T15:00:00.000Z');

    // Another resource, taken by someone else at that time: 409, nothing changed.
    await book(sofa, '2026-12-08T17:30:00.000Z', 60, { customerEmail: 'other@example.com' });
    const full = await call('PATCH', `/api/bookings/${bookingid}`, { resourceid: sofa, notes: 'lost' });
    expect([full.status, await full.json()]).toEqual([409, { message: BOOKING_TEXTS.slotTaken }]);
    // Off the grid, a duration not offered, outside the hours, too big a party.
    for (const [body, status, message] of [
      [{ bookingstarttime: '2026-12-08T17:40:00.000Z' }, 400, BOOKING_TEXTS.offGrid],
      [{ bookingendtime: '2026-12-08T18:15:00.000Z' }, 400, BOOKING_TEXTS.badDuration],
      [{ bookingstarttime: '2026-12-08T12:00:00.000Z' }, 409, BOOKING_TEXTS.notBookable],
      [{ partysize: 3 }, 400, 'Party size must be at most 2 for Swivel chair.'],
      [{ resourceid: '00000000-0000-4000-8000-000000000000' }, 404, NOT_FOUND.resource],
      [{}, 400, 'Nothing to change.'],
      [{ bookingstarttime: 'tomorrow' }, 400, 'Start time must be a date and time with its offset (ISO 8601).'],
    ] as const) {
      const res = await call('PATCH', `/api/bookings/${bookingid}`, body);
      expect([res.status, await res.json()], JSON.stringify(body)).toEqual([status, { message }]);
    }
    const { body } = await detail(bookingid);
    expect(body.data).toMatchObject({
      resourceid: chair,
      start: '2026-12-08T17:30:00.000Z',
      end: '2026-12-08T18:30:00.000Z',
      partysize: 1,
      notes: 'Bring a towel',
    });
    // To the free sofa at another time, with a bigger party on the chair refused there (capacity 1).
    const sofaMove = await call('PATCH', `/api/bookings/${bookingid}`, {
      resourceid: sofa,
      bookingstarttime: '2026-12-08T19:00:00.000Z',
      bookingendtime: '2026-12-08T20:30:00.000Z',
    });
    expect(sofaMove.status, await sofaMove.clone().text()).toBe(200);
    expect((await sofaMove.json()).data).toMatchObject({ resourceid: sofa, resourcename: 'Sofa' });
  });

  it('gives the last seat to exactly one of 20 parallel reschedules', async () => {
    const hall = await resource('Hall', 20);
    const booth = await resource('Booth', 1);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await book(hall, '2026-12-09T14:00:00.000Z', 60, { customerEmail: `move${i}@example.com` }));
    }
    const answers = await Promise.all(
      ids.map((id) =>
        call('PATCH', `/api/bookings/${id}`, {
          resourceid: booth,
          bookingstarttime: '2026-12-09T16:00:00.000Z',
          bookingendtime: '2026-12-09T17:00:00.000Z',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const window = await call(
      'GET',
      `/api/businesses/me/bookings?startDate=2026-12-09T00:00:00Z&endDate=2026-12-10T00:00:00Z&resourceId=${booth}`,
    );
    expect((await window.json()).data).toHaveLength(1);
    expect(await slotStarts(booth, '2026-12-09')).not.toContain('2026-12-09T16:00:00.000Z');
  });

  it('cancels once: the place is offered again at once, a second cancel and any change are 409', async () => {
    const room = await resource('Quiet room', 1);
    const bookingid = await book(room, '2026-12-10T15:00:00.000Z');
    expect(await slotStarts(room, '2026-12-10')).not.toContain('2026-12-10T15:00:00.000Z');
    const cancelled = await call('POST', `/api/bookings/${bookingid}/cancel`, { reason: 'Called in sick' });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).data).toMatchObject({
      status: 'cancelled',
      cancelledat: '2026-11-23T12:00:00.000Z',
      cancelreason: 'Called in sick',
    });
    expect(await slotStarts(room, '2026-12-10')).toContain('2026-12-10T15:00:00.000Z');
    const again = await call('POST', `/api/bookings/${bookingid}/cancel`);
    expect([again.status, await again.json()]).toEqual([409, { message: BOOKING_TEXTS.alreadyCancelled }]);
    for (const [method, path, body] of [
      ['PATCH', `/api/bookings/${bookingid}`, { notes: 'back?' }],
      ['PUT', `/api/bookings/${bookingid}/status`, { status: 'confirmed' }],
    ] as const) {
      const res = await call(method, path, body);
      expect([res.status, await res.json()]).toEqual([409, { message: BOOKING_TEXTS.cancelledIsFinal }]);
    }
    // Someone else takes the freed place.
    await book(room, '2026-12-10T15:00:00.000Z', 60, { customerEmail: 'next@example.com' });
  });

  it('gives a cancel without a body and two parallel cancels exactly one success', async () => {
    const room = await resource('Side room', 1);
    const bookingid = await book(room, '2026-12-11T15:00:00.000Z');
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/bookings/${bookingid}/cancel`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await detail(bookingid)).body.data).toMatchObject({ status: 'cancelled', cancelreason: null });
  });

  it('moves the status freely among confirmed, no_show and completed', async () => {
    const room = await resource('Studio', 1);
    const bookingid = await book(room, '2026-12-14T15:00:00.000Z');
    for (const status of ['no_show', 'completed', 'confirmed', 'completed'] as const) {
      const res = await call('PUT', `/api/bookings/${bookingid}/status`, { status });
      expect(res.status).toBe(200);
      expect((await res.json()).data.status).toBe(status);
    }
    // The seat stays held whatever the status.
    expect(await slotStarts(room, '2026-12-14')).not.toContain('2026-12-14T15:00:00.000Z');
    for (const [status, message] of [
      ['cancelled', STATUS_CHOICES_TEXT],
      ['done', STATUS_CHOICES_TEXT],
      ['', 'Status is required.'],
      [undefined, 'Status is required.'],
    ]) {
      const res = await call('PUT', `/api/bookings/${bookingid}/status`, { status });
      expect([res.status, await res.json()]).toEqual([400, { message }]);
    }
  });
});

describe('a reschedule across a daylight-saving change keeps the wall-clock time', () => {
  // Monday 10:00 local before and after each zone's change (Sydney leaves summer time in April).
  it.each([
    ['America/New_York', '2027-03-08T15:00:00.000Z', '2027-03-15T14:00:00.000Z'],
    ['Europe/London', '2027-03-22T10:00:00.000Z', '2027-03-29T09:00:00.000Z'],
    ['Australia/Sydney', '2027-03-28T23:00:00.000Z', '2027-04-05T00:00:00.000Z'],
  ])('%s', async (timeZone, before, after) => {
    const local = await signedInOwner(server, {
      email: `dst-${timeZone.replace('/', '-').toLowerCase()}@example.com`,
      timezone: timeZone,
    });
    const room = await resource('Room', 1, local);
    const res = await call(
      'POST',
      '/api/bookings',
      {
        resourceid: room,
        customerEmail: 'dst@example.com',
        bookingstarttime: before,
        bookingendtime: new Date(Date.parse(before) + 3_600_000).toISOString(),
      },
      local,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { bookingid } = (await res.json()).data;
    expect(wall(before, timeZone)).toBe('10:00');
    // The slot the picker offers at 10:00 a week later is the instant sent.
    const afterDate = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(after));
    expect(await slotStarts(room, afterDate, 60, local)).toContain(after);
    const moved = await call('PATCH', `/api/bookings/${bookingid}`, { bookingstarttime: after }, local);
    expect(moved.status, await moved.clone().text()).toBe(200);
    const { data } = await moved.json();
    expect([wall(data.start, timeZone), wall(data.end, timeZone)]).toEqual(['10:00', '11:00']);
    expect(Date.parse(data.end) - Date.parse(data.start)).toBe(3_600_000);
  });
});

describe('the bookings window', () => {
  const windowOf = (query: string, etag?: string) =>
    server.api(
      'GET',
      `/api/businesses/me/bookings?startDate=2026-12-15T00:00:00Z&endDate=2026-12-16T00:00:00Z${query}`,
      { token: owner.token, headers: etag ? { 'if-none-match': etag } : {} },
    );

  it('adds status, leaves cancelled ones out unless asked, and answers 304 until something shown changes', async () => {
    const table = await resource('Terrace', 4);
    const ada = await signedInCustomer(server, { email: 'ada.w@example.com', firstName: 'Ada', lastName: 'Wong' });
    const kept = await book(table, '2026-12-15T15:00:00.000Z', 60, { customerEmail: ada.email });
    const gone = await book(table, '2026-12-15T17:00:00.000Z');
    expect((await call('POST', `/api/bookings/${gone}/cancel`, {})).status).toBe(200);
    expect((await call('PUT', `/api/bookings/${kept}/status`, { status: 'no_show' })).status).toBe(200);

    const first = await windowOf('');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const listed = (await first.json()).data;
    expect(listed.map((b: { bookingid: string; status: string }) => [b.bookingid, b.status])).toEqual([
      [kept, 'no_show'],
    ]);
    expect(listed[0]).toMatchObject({ firstname: null, email: 'ada.w@example.com' });
    const all = await windowOf('&includeCancelled=true');
    expect((await all.json()).data.map((b: { status: string }) => b.status)).toEqual(['no_show', 'cancelled']);
    expect(all.headers.get('etag')).not.toBe(etag);
    expect((await windowOf('&includeCancelled=maybe')).status).toBe(400);

    const idle = await windowOf('', etag);
    expect(idle.status).toBe(304);
    expect(await idle.text()).toBe('');
    // Owner B's tag never matches A's window.
    const b = await server.api(
      'GET',
      '/api/businesses/me/bookings?startDate=2026-12-15T00:00:00Z&endDate=2026-12-16T00:00:00Z',
      { token: rival.token, headers: { 'if-none-match': etag } },
    );
    expect(b.status).toBe(200);

    // Each change to what the window shows moves the tag: a status, a resource's name, a follow, an unfollow.
    let tag = etag;
    const changes: Array<[string, () => Promise<Response>]> = [
      ['status', () => call('PUT', `/api/bookings/${kept}/status`, { status: 'confirmed' })],
      ['rename', () => call('PUT', `/api/booking-resources/${table}`, { resourcename: 'Roof terrace', capacity: 4 })],
      ['follow', () => follow(server, ada, owner.businessid)],
      ['unfollow', () => unfollow(server, ada, owner.businessid)],
      ['notes', () => call('PATCH', `/api/bookings/${kept}`, { notes: 'Late' })],
    ];
    for (const [name, change] of changes) {
      const res = await change();
      expect(res.status, name).toBeLessThan(300);
      const next = await windowOf('', tag);
      expect(next.status, name).toBe(200);
      const body = (await next.json()).data;
      if (name === 'rename') expect(body[0].title).toBe('Roof terrace');
      if (name === 'follow') expect(body[0]).toMatchObject({ firstname: 'Ada', surname: 'Wong' });
      if (name === 'unfollow') expect(body[0]).toMatchObject({ firstname: null });
      tag = next.headers.get('etag')!;
      expect((await windowOf('', tag)).status, name).toBe(304);
    }
  });
});

describe('customer suggestions for Create Booking', () => {
  const search = async (q: string | undefined, who: SignedInOwner = owner) => {
    const res = await call(
      'GET',
      `/api/businesses/me/customers${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
      undefined,
      who,
    );
    return { status: res.status, body: await res.json() };
  };

  it("finds followers by name or e-mail, past guests by e-mail only, and never another business's", async () => {
    const room = await resource('Parlour', 30);
    const grace = await signedInCustomer(server, {
      email: 'grace.h@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect((await follow(server, grace, owner.businessid)).status).toBe(201);
    // An app customer who never followed, booked by the owner by e-mail: a guest without a name.
    const hidden = await signedInCustomer(server, {
      email: 'quiet.one@example.com',
      firstName: 'Hedy',
      lastName: 'Hopper',
    });
    await book(room, '2026-12-16T15:00:00.000Z', 60, { customerEmail: hidden.email });
    await book(room, '2026-12-16T15:00:00.000Z', 60, { customerEmail: 'walk.in.hopper@example.com' });
    // Owner B's follower is not A's.
    const other = await signedInCustomer(server, {
      email: 'other.hopper@example.com',
      firstName: 'Olga',
      lastName: 'Hopper',
    });
    expect((await follow(server, other, rival.businessid)).status).toBe(201);

    const byName = await search('hopper');
    expect(byName.status).toBe(200);
    expect(byName.body.data).toEqual([
      {
        customerid: grace.userid,
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace.h@example.com',
        kind: 'follower',
      },
      {
        customerid: expect.any(String),
        firstname: null,
        lastname: null,
        email: 'walk.in.hopper@example.com',
        kind: 'guest',
      },
    ]);
    // Hedy's name finds nothing; her address finds her, without her name.
    expect((await search('Hedy')).body.data).toEqual([]);
    expect((await search('QUIET')).body.data).toEqual([
      {
        customerid: expect.any(String),
        firstname: null,
        lastname: null,
        email: 'quiet.one@example.com',
        kind: 'guest',
      },
    ]);
    expect((await search(' grace  hop ')).body.data.map((c: { email: string }) => c.email)).toEqual([
      'grace.h@example.com',
    ]);
    expect((await search('%_')).body.data).toEqual([]);
    expect((await search('olga')).body.data).toEqual([]);
    expect((await search('olga', rival)).body.data).toMatchObject([{ firstname: 'Olga', kind: 'follower' }]);
    for (const q of [undefined, 'a', '  b ']) {
      expect(await search(q)).toEqual({ status: 400, body: { message: 'q must be at least 2 characters.' } });
    }
  });

  it('answers at most 20', async () => {
    const room = await resource('Ballroom', 40);
    for (let i = 0; i < 22; i++) {
      await book(room, '2026-12-17T15:00:00.000Z', 60, {
        customerEmail: `dancer${String(i).padStart(2, '0')}@example.com`,
      });
    }
    const { body } = await search('dancer');
    expect(body.data).toHaveLength(20);
    expect(body.data[0].email).toBe('dancer00@example.com');
  });
});
