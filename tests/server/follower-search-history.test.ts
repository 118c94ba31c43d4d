/**
 * Issue 26: the followers list's search (`q=`, the booking form's matching, paged as without it) and a
 * follower's history with the caller's business in GET /api/followers/{id}. Customers, claims, bookings
 * and messages all come through the customer API; another business's data must never show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowerDetail, FollowersPage } from '../../contracts/followers.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { follow } from './support/customers.ts';
import { type SignedInCustomer, type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';
import { createVoucher } from './support/vouchers.ts';

const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
let owner: SignedInOwner;
let other: SignedInOwner;
let amelia: SignedInCustomer;
let ameliaToo: SignedInCustomer;
let quiet: SignedInCustomer;
const crowd: SignedInCustomer[] = [];

const asOwner = (method: string, path: string, body?: unknown, who: SignedInOwner = owner) =>
  server.api(method, path, { token: who.token, body });
const asCustomer = (who: SignedInCustomer, method: string, path: string, body?: unknown) =>
  server.api(method, path, { token: who.accessToken, body });
const search = async (query: string, who: SignedInOwner = owner) => {
  const res = await asOwner('GET', `/api/businesses/me/followers?${query}`, undefined, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FollowersPage;
};
const detail = async (customerid: string, who: SignedInOwner = owner) => {
  const res = await asOwner('GET', `/api/followers/${customerid}`, undefined, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FollowerDetail;
};

async function resourceWithHours(who: SignedInOwner, name: string) {
  const res = await asOwner('POST', '/api/booking-resources', { resourcename: name, capacity: 4 }, who);
  expect(res.status, await res.clone().text()).toBe(201);
  const { resourceid } = (await res.json()) as { resourceid: string };
  for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
    const rule = { resourceid, dayofweek, starttime: '09:00', endtime: '17:00' };
    expect((await asOwner('POST', '/api/availability', rule, who)).status).toBe(201);
  }
  return resourceid;
}
const book = async (who: SignedInCustomer, resourceid: string, start: string) => {
  const end = new Date(Date.parse(start) + 3_600_000).toISOString();
  const res = await asCustomer(who, 'POST', '/api/customer/bookings', {
    resourceid,
    bookingstarttime: start,
    bookingendtime: end,
    partysize: 1,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { bookingid: string } }).data.bookingid;
};
const claim = async (who: SignedInCustomer, voucherid: string) => {
  const res = await asCustomer(who, 'POST', `/api/customer/vouchers/${voucherid}/claim`);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { issuedvoucherid: string };
};

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { TRUST_PROXY: 'true' } });
  owner = await signedInOwner(server, { email: 'search.owner@example.com', businessName: 'Search Bakery' });
  other = await signedInOwner(server, { email: 'search.other@example.com', businessName: 'Other Bakery' });
  amelia = await signedInCustomer(server, {
    email: 'amelia.hughes@customers.example',
    firstName: 'Amelia',
    lastName: 'Hughes',
  });
  ameliaToo = await signedInCustomer(server, {
    email: 'a.h.second@example.com',
    firstName: 'Amelia',
    lastName: 'Hughes',
  });
  quiet = await signedInCustomer(server, { email: 'quiet@example.com', firstName: 'Quinn', lastName: '100%_Quiet' });
  for (const who of [amelia, ameliaToo, quiet]) {
    clock.advance(60_000);
    expect((await follow(server, who, owner.businessid)).status).toBe(201);
  }
  // 22 more followers named Person…, so a search over them has pages.
  for (let i = 0; i < 22; i++) {
    const who = await signedInCustomer(server, {
      email: `person${i}@example.com`,
      firstName: 'Person',
      lastName: `N${i}`,
    });
    clock.advance(60_000);
    expect((await follow(server, who, owner.businessid)).status).toBe(201);
    crowd.push(who);
  }
  // Amelia follows the other business too, and somebody only follows it.
  expect((await follow(server, amelia, other.businessid)).status).toBe(201);
  const stranger = await signedInCustomer(server, { email: 'amelia.stranger@example.com', firstName: 'Amelia' });
  expect((await follow(server, stranger, other.businessid)).status).toBe(201);
}, 180_000);
afterAll(() => server?.stop());

describe('GET /api/businesses/me/followers?q=', () => {
  it('keeps the followers whose name or e-mail holds every word, case-insensitively', async () => {
    const both = await search('q=amelia');
    expect(both.followers.map((f) => f.customerid).sort()).toEqual([amelia.userid, ameliaToo.userid].sort());
    expect(both.pagination).toEqual({ currentPage: 1, totalPages: 1 });
    expect((await search('q=HUGHES%20amel')).followers).toHaveLength(2);
    // The e-mail is searched too, word by word.
    expect((await search('q=customers.example')).followers.map((f) => f.customerid)).toEqual([amelia.userid]);
    expect((await search('q=amelia%20second')).followers.map((f) => f.customerid)).toEqual([ameliaToo.userid]);
    // LIKE's wildcards are taken literally.
    expect((await search('q=100%25_')).followers.map((f) => f.customerid)).toEqual([quiet.userid]);
    expect((await search('q=%25')).followers.map((f) => f.customerid)).toEqual([quiet.userid]);
  });

  it('is the same matching as the booking form customer search', async () => {
    for (const q of ['amelia', 'hughes amelia', 'customers.example', '100%_']) {
      const fromSearch = (await search(`q=${encodeURIComponent(q)}`)).followers.map((f) => f.customerid).sort();
      const res = await asOwner('GET', `/api/businesses/me/customers?q=${encodeURIComponent(q)}`);
      const suggested = ((await res.json()) as { data: Array<{ customerid: string; kind: string }> }).data
        .filter((s) => s.kind === 'follower')
        .map((s) => s.customerid)
        .sort();
      expect(fromSearch, q).toEqual(suggested);
    }
  });

  it('pages the matches as the list pages (newest follow first), and an empty or blank q lists everybody', async () => {
    const first = await search('q=person&limit=10&page=1');
    const third = await search('q=person&limit=10&page=3');
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3 });
    expect(first.followers.map((f) => f.customerid)).toEqual(
      crowd
        .slice(-10)
        .reverse()
        .map((c) => c.userid),
    );
    expect(third.followers.map((f) => f.customerid)).toEqual(
      crowd
        .slice(0, 2)
        .reverse()
        .map((c) => c.userid),
    );
    expect((await search('q=person&page=9')).followers).toEqual([]);
    expect((await search('q=')).pagination.totalPages).toBe(2);
    expect((await search('q=%20%20')).pagination.totalPages).toBe(2);
  });

  it("finds only the caller's followers, and nobody when nothing matches", async () => {
    const nobody = await search('q=stranger');
    expect(nobody).toEqual({ followers: [], pagination: { currentPage: 1, totalPages: 0 } });
    const theirs = await search('q=amelia', other);
    expect(theirs.followers).toHaveLength(2);
    expect(theirs.followers.map((f) => f.customerid)).not.toContain(ameliaToo.userid);
  });

  it('refuses a q with control characters or over 100 characters with a message naming q', async () => {
    for (const q of ['%00x', 'a'.repeat(101)]) {
      const res = await asOwner('GET', `/api/businesses/me/followers?q=${q}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^q must/);
    }
  });
});

describe("GET /api/followers/{id}: the follower's history with this business", () => {
  it('is empty for a follower who did nothing yet', async () => {
    const { history, email } = await detail(quiet.userid);
    expect(email).toBe('quiet@example.com');
    expect(history).toEqual({ vouchers: [], bookings: [], conversationid: null });
  });

  it("lists the claims, bookings and conversation with the caller's business only", async () => {
    // With the caller's business: two claims (one redeemed), a booking (then cancelled) and another, a message.
    const coffee = await createVoucher(server, owner, { title: 'Free coffee' });
    const cake = await createVoucher(server, owner, { title: 'Cake for two' });
    const claimed = await claim(amelia, coffee.voucherid);
    clock.advance(60_000);
    await claim(amelia, cake.voucherid);
    clock.advance(60_000);
    expect((await asOwner('POST', `/api/issued-vouchers/${claimed.issuedvoucherid}/redeem`)).status).toBe(200);
    const table = await resourceWithHours(owner, 'Window table');
    const early = await book(amelia, table, '2026-11-25T15:00:00.000Z');
    const late = await book(amelia, table, '2026-11-26T15:00:00.000Z');
    expect((await asCustomer(amelia, 'POST', `/api/customer/bookings/${early}/cancel`)).status).toBe(200);
    const sent = await asCustomer(amelia, 'POST', `/api/customer/businesses/${owner.businessid}/messages`, {
      messageText: 'Hello there',
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    // With the other business: a claim, a booking and a message that must not show.
    const theirs = await createVoucher(server, other, { title: 'Their secret deal' });
    await claim(amelia, theirs.voucherid);
    const theirTable = await resourceWithHours(other, 'Their table');
    await book(amelia, theirTable, '2026-11-27T15:00:00.000Z');
    const theirMessage = await asCustomer(amelia, 'POST', `/api/customer/businesses/${other.businessid}/messages`, {
      messageText: 'Hello other',
    });
    expect(theirMessage.status).toBe(201);

    const { history } = await detail(amelia.userid);
    expect(history.vouchers).toEqual([
      { title: 'Cake for two', status: 'ready', issuedat: expect.any(String), redeemedat: null },
      { title: 'Free coffee', status: 'redeemed', issuedat: expect.any(String), redeemedat: expect.any(String) },
    ]);
    expect(history.bookings).toEqual([
      { bookingid: late, resourcename: 'Window table', start: '2026-11-26T15:00:00.000Z', status: 'confirmed' },
      { bookingid: early, resourcename: 'Window table', start: '2026-11-25T15:00:00.000Z', status: 'cancelled' },
    ]);
    const mine = await asOwner('GET', '/api/messaging/business/conversations?status=active');
    const conversations = (await mine.json()) as Array<{ conversationid: string }>;
    expect(conversations).toHaveLength(1);
    expect(history.conversationid).toBe(conversations[0]!.conversationid);

    // The other business sees its own history of Amelia, none of the first business's.
    const seenByOther = (await detail(amelia.userid, other)).history;
    expect(seenByOther.vouchers.map((v) => v.title)).toEqual(['Their secret deal']);
    expect(seenByOther.bookings.map((b) => b.resourcename)).toEqual(['Their table']);
    expect(seenByOther.conversationid).not.toBeNull();
    expect(seenByOther.conversationid).not.toBe(history.conversationid);
    // The second Amelia, a namesake, has none of it.
    expect((await detail(ameliaToo.userid)).history).toEqual({ vouchers: [], bookings: [], conversationid: null });
  });

  it('answers 404 for a customer who follows only another business, history and all', async () => {
    const res = await asOwner('GET', `/api/followers/${ameliaToo.userid}`, undefined, other);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('history');
  });
});
