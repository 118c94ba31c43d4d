import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { areaOf } from '../../server/middleware/auth.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createOwner, srpTokens } from './support/amplify.ts';
import { follow, registerCustomer } from './support/customers.ts';
import { png } from './support/images.ts';
import { voucherBody } from './support/vouchers.ts';

/**
 * Owner B, signed in, aims every owner route at owner A's rows: each attempt is refused (404, or the
 * route's documented refusal) or, for a route about the caller's own account (/me), answers with B's own
 * data only; and after each attempt A's data is byte-for-byte what it was.
 *
 * A NEW OWNER ROUTE ADDS A ROW to OWNER_ROUTES (the last test fails until it does), and a new table
 * holding owner data adds a query to A_DATA. Give A a row of the new kind in `seedOwnerA`, through the API.
 */

type OwnerA = {
  userid: string;
  businessid: string;
  email: string;
  businessname: string;
  followerid: string;
  voucherid: string;
  issuedvoucherid: string;
  code: string;
  conversationid: string;
  resourceid: string;
  availabilityid: string;
  closureid: string;
};
type Attempt = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** 404/403: refused. 'own': the route is about the caller, so it answers B's data, never A's. */
  expect: 404 | 403 | 'own';
};

const OWNER_ROUTES: Record<string, (a: OwnerA) => Attempt> = {
  'GET /api/users/me': () => ({ method: 'GET', path: '/api/users/me', expect: 'own' }),
  'GET /api/businesses/me': () => ({ method: 'GET', path: '/api/businesses/me', expect: 'own' }),
  // A's ids in the body must not redirect the write.
  'PUT /api/businesses/me': (a) => ({
    method: 'PUT',
    path: '/api/businesses/me',
    body: {
      businessid: a.businessid,
      ownerUserid: a.userid,
      owner_userid: a.userid,
      businessname: 'Taken over',
      description: 'by owner B',
      address: null,
      latitude: null,
      longitude: null,
    },
    expect: 'own',
  }),
  'GET /api/businesses/me/posts': () => ({ method: 'GET', path: '/api/businesses/me/posts', expect: 'own' }),
  'POST /api/businesses/:id/posts': (a) => ({
    method: 'POST',
    path: `/api/businesses/${a.businessid}/posts`,
    body: { content: 'Posted as A by B' },
    expect: 404,
  }),
  'GET /api/posts/upload-url': () => ({
    method: 'GET',
    path: '/api/posts/upload-url?filename=a.png&fileType=image%2Fpng',
    expect: 'own',
  }),
  'GET /api/businesses/me/followers': () => ({ method: 'GET', path: '/api/businesses/me/followers', expect: 'own' }),
  'GET /api/businesses/me/followers/export': () => ({
    method: 'GET',
    path: '/api/businesses/me/followers/export',
    expect: 'own',
  }),
  'GET /api/followers/:id': (a) => ({ method: 'GET', path: `/api/followers/${a.followerid}`, expect: 404 }),
  'GET /api/businesses/me/user-stats': () => ({ method: 'GET', path: '/api/businesses/me/user-stats', expect: 'own' }),
  'GET /api/businesses/me/voucher-stats': () => ({
    method: 'GET',
    path: '/api/businesses/me/voucher-stats',
    expect: 'own',
  }),
  'GET /api/packages/active': () => ({ method: 'GET', path: '/api/packages/active', expect: 'own' }),
  'GET /api/packages/usage/:businessid/dashboard': (a) => ({
    method: 'GET',
    path: `/api/packages/usage/${a.businessid}/dashboard`,
    expect: 404,
  }),
  'GET /api/packages/usage/:businessid/can-create-post': (a) => ({
    method: 'GET',
    path: `/api/packages/usage/${a.businessid}/can-create-post`,
    expect: 404,
  }),
  'GET /api/packages/usage/:businessid/can-add-resource': (a) => ({
    method: 'GET',
    path: `/api/packages/usage/${a.businessid}/can-add-resource`,
    expect: 404,
  }),
  'GET /api/voucher-types': () => ({ method: 'GET', path: '/api/voucher-types', expect: 'own' }),
  'GET /api/businesses/me/vouchers': () => ({
    method: 'GET',
    path: '/api/businesses/me/vouchers?status=active',
    expect: 'own',
  }),
  'POST /api/businesses/:id/vouchers': (a) => ({
    method: 'POST',
    path: `/api/businesses/${a.businessid}/vouchers`,
    body: voucherBody({ title: 'Created as A by B' }),
    expect: 404,
  }),
  'GET /api/vouchers/:id': (a) => ({ method: 'GET', path: `/api/vouchers/${a.voucherid}`, expect: 404 }),
  'PUT /api/vouchers/:id': (a) => ({
    method: 'PUT',
    path: `/api/vouchers/${a.voucherid}`,
    body: voucherBody({ title: 'Changed by B' }),
    expect: 404,
  }),
  'DELETE /api/vouchers/:id': (a) => ({ method: 'DELETE', path: `/api/vouchers/${a.voucherid}`, expect: 404 }),
  'GET /api/redeem/lookup/:code': (a) => ({ method: 'GET', path: `/api/redeem/lookup/${a.code}`, expect: 404 }),
  'POST /api/issued-vouchers/:id/redeem': (a) => ({
    method: 'POST',
    path: `/api/issued-vouchers/${a.issuedvoucherid}/redeem`,
    expect: 404,
  }),
  'GET /api/messaging/business/conversations': () => ({
    method: 'GET',
    path: '/api/messaging/business/conversations?status=active',
    expect: 'own',
  }),
  'GET /api/messaging/business/conversations/:id/messages': (a) => ({
    method: 'GET',
    path: `/api/messaging/business/conversations/${a.conversationid}/messages?limit=5`,
    expect: 404,
  }),
  'POST /api/messaging/business/conversations/:id/messages': (a) => ({
    method: 'POST',
    path: `/api/messaging/business/conversations/${a.conversationid}/messages`,
    body: { messageText: 'Sent as A by B' },
    expect: 404,
  }),
  'PUT /api/messaging/business/conversations/:id/read': (a) => ({
    method: 'PUT',
    path: `/api/messaging/business/conversations/${a.conversationid}/read`,
    expect: 404,
  }),
  'PUT /api/messaging/business/conversations/:id': (a) => ({
    method: 'PUT',
    path: `/api/messaging/business/conversations/${a.conversationid}`,
    body: { is_active: false },
    expect: 404,
  }),
  // Bookings (issue 11): B aims at A's resource, rule and closure ids.
  'GET /api/booking-resources': () => ({ method: 'GET', path: '/api/booking-resources', expect: 'own' }),
  'POST /api/booking-resources': () => ({
    method: 'POST',
    path: '/api/booking-resources',
    body: { resourcename: "B's own chair" },
    expect: 'own',
  }),
  'PUT /api/booking-resources/:id': (a) => ({
    method: 'PUT',
    path: `/api/booking-resources/${a.resourceid}`,
    body: { resourcename: 'Taken over', capacity: 9 },
    expect: 404,
  }),
  'DELETE /api/booking-resources/:id': (a) => ({
    method: 'DELETE',
    path: `/api/booking-resources/${a.resourceid}?cancelFutureBookings=true`,
    expect: 404,
  }),
  'GET /api/availability/:resourceid': (a) => ({
    method: 'GET',
    path: `/api/availability/${a.resourceid}`,
    expect: 404,
  }),
  'POST /api/availability': (a) => ({
    method: 'POST',
    path: '/api/availability',
    body: { resourceid: a.resourceid, dayofweek: 2, starttime: '06:00', endtime: '07:00' },
    expect: 404,
  }),
  'DELETE /api/availability/:id': (a) => ({
    method: 'DELETE',
    path: `/api/availability/${a.availabilityid}`,
    expect: 404,
  }),
  'GET /api/booking-closures': () => ({ method: 'GET', path: '/api/booking-closures', expect: 'own' }),
  'POST /api/booking-closures': (a) => ({
    method: 'POST',
    path: '/api/booking-closures',
    body: { resourceid: a.resourceid, startdate: '2030-01-01' },
    expect: 404,
  }),
  'DELETE /api/booking-closures/:id': (a) => ({
    method: 'DELETE',
    path: `/api/booking-closures/${a.closureid}`,
    expect: 404,
  }),
  'GET /api/booking-availability/:resourceid': (a) => ({
    method: 'GET',
    path: `/api/booking-availability/${a.resourceid}?date=2030-01-07&duration=60&partysize=1`,
    expect: 404,
  }),
  'POST /api/bookings': (a) => ({
    method: 'POST',
    path: '/api/bookings',
    body: {
      resourceid: a.resourceid,
      customerEmail: 'follows.a@example.com',
      bookingstarttime: '2030-01-07T10:00:00Z',
      bookingendtime: '2030-01-07T11:00:00Z',
      partysize: 1,
    },
    expect: 404,
  }),
  'GET /api/businesses/me/bookings': () => ({
    method: 'GET',
    path: '/api/businesses/me/bookings?startDate=2029-12-31T00:00:00Z&endDate=2030-01-14T00:00:00Z',
    expect: 'own',
  }),
};

/** Every row of A's data, per table; compared as JSON text before and after each attempt. */
const A_DATA: Record<string, (a: OwnerA) => SQL> = {
  users: (a) => sql`select * from users where userid = ${a.userid}`,
  user_groups: (a) => sql`select * from user_groups where userid = ${a.userid}`,
  businesses: (a) => sql`select * from businesses where businessid = ${a.businessid}`,
  followers: (a) => sql`select * from followers where businessid = ${a.businessid}`,
  posts: (a) => sql`select * from posts where businessid = ${a.businessid}`,
  media: (a) =>
    sql`select key, businessid, content_type, size, md5(bytes) from media where businessid = ${a.businessid}`,
  upload_targets: (a) => sql`select * from upload_targets where businessid = ${a.businessid}`,
  vouchers: (a) => sql`select * from vouchers where businessid = ${a.businessid}`,
  issued_vouchers: (a) => sql`select * from issued_vouchers where businessid = ${a.businessid}`,
  conversations: (a) => sql`select * from conversations where businessid = ${a.businessid}`,
  messages: (a) => sql`select * from messages where businessid = ${a.businessid}`,
  messaging_versions: (a) => sql`select * from messaging_versions where businessid = ${a.businessid}`,
  booking_resources: (a) => sql`select * from booking_resources where businessid = ${a.businessid}`,
  availability_rules: (a) => sql`select * from availability_rules where businessid = ${a.businessid}`,
  booking_closures: (a) => sql`select * from booking_closures where businessid = ${a.businessid}`,
  booking_customers: (a) => sql`select * from booking_customers where businessid = ${a.businessid}`,
  bookings: (a) => sql`select * from bookings where businessid = ${a.businessid}`,
};

const PASSWORD = 'Separate#Owners1';
let server: TestServer;
let a: OwnerA;
let bToken: string;

/** Owner A with data in every owner table, made through the API as A. */
async function seedOwnerA(): Promise<OwnerA> {
  const email = 'owner.a@example.com';
  const created = await createOwner(server, { email, password: PASSWORD, businessName: 'Alpha Bakery' });
  const { AccessToken } = await srpTokens(server, email, PASSWORD);
  const saved = await server.api('PUT', '/api/businesses/me', {
    token: AccessToken,
    body: {
      businessname: 'Alpha Bakery',
      description: 'Sourdough',
      address: '1 Alpha Road',
      latitude: 1,
      longitude: 2,
    },
  });
  expect(saved.status).toBe(200);
  // A follower (through the customer API) and a post with a photo.
  const follower = await registerCustomer(server, {
    email: 'follows.a@example.com',
    firstName: 'Fay',
    lastName: 'Follower',
  });
  expect((await follow(server, follower, created.businessid!)).status).toBe(201);
  const target = await server.api('GET', '/api/posts/upload-url?filename=a.png&fileType=image%2Fpng', {
    token: AccessToken,
  });
  const { uploadUrl, key } = (await target.json()) as { uploadUrl: string; key: string };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest' },
    body: png(),
  });
  expect(put.status).toBe(201);
  const posted = await server.api('POST', `/api/businesses/${created.businessid}/posts`, {
    token: AccessToken,
    body: { content: 'Fresh bread', imageUrl: key },
  });
  expect(posted.status).toBe(201);
  // A voucher, claimed by the follower through the customer API.
  const voucher = await server.api('POST', `/api/businesses/${created.businessid}/vouchers`, {
    token: AccessToken,
    body: voucherBody({ title: 'Alpha loaf voucher' }),
  });
  expect(voucher.status).toBe(201);
  const { voucherid } = (await voucher.json()) as { voucherid: string };
  const claim = await server.api('POST', `/api/customer/vouchers/${voucherid}/claim`, { token: follower.accessToken });
  expect(claim.status).toBe(201);
  const { issuedvoucherid, code } = (await claim.json()) as { issuedvoucherid: string; code: string };
  // A conversation with an unread customer message.
  const wrote = await server.api('POST', `/api/customer/businesses/${created.businessid}/messages`, {
    token: follower.accessToken,
    body: { messageText: 'Is the bakery open on Sunday?' },
  });
  expect(wrote.status).toBe(201);
  // A resource open on Mondays, a closure, and a booking of the follower in 2030.
  const asA = (method: string, path: string, body?: unknown) => server.api(method, path, { token: AccessToken, body });
  const resource = await (
    await asA('POST', '/api/booking-resources', { resourcename: 'Alpha oven', capacity: 2 })
  ).json();
  const rule = await (
    await asA('POST', '/api/availability', {
      resourceid: resource.resourceid,
      dayofweek: 1,
      starttime: '09:00',
      endtime: '17:00',
    })
  ).json();
  const closure = await (await asA('POST', '/api/booking-closures', { startdate: '2030-12-25' })).json();
  const [slot] = (
    await (await asA('GET', `/api/booking-availability/${resource.resourceid}?date=2030-01-07&duration=60`)).json()
  ).data.availableSlots;
  const booked = await asA('POST', '/api/bookings', {
    resourceid: resource.resourceid,
    customerEmail: 'follows.a@example.com',
    bookingstarttime: slot.start,
    bookingendtime: slot.end,
    partysize: 1,
  });
  expect(booked.status).toBe(201);
  return {
    voucherid,
    issuedvoucherid,
    code,
    userid: created.userid,
    businessid: created.businessid!,
    email,
    businessname: 'Alpha Bakery',
    followerid: follower.userid,
    conversationid: (await wrote.json()).conversationid,
    resourceid: resource.resourceid,
    availabilityid: rule.availabilityid,
    closureid: closure.closureid,
  };
}

async function snapshot(owner: OwnerA): Promise<Record<string, string>> {
  const data: Record<string, string> = {};
  for (const [table, query] of Object.entries(A_DATA)) {
    const result = await server.deps.db.execute(
      sql`select coalesce(json_agg(t order by t::text)::text, '[]') as data from (${query(owner)}) t`,
    );
    data[table] = String((result as unknown as { rows: { data: string }[] }).rows[0]!.data);
  }
  return data;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await seedOwnerA();
  await createOwner(server, { email: 'owner.b@example.com', password: PASSWORD, businessName: 'Bravo Barber' });
  bToken = (await srpTokens(server, 'owner.b@example.com', PASSWORD)).AccessToken;
});
afterAll(() => server?.stop());

describe('owner B against owner A', () => {
  it.each(Object.entries(OWNER_ROUTES))('%s', async (_route, attemptOf) => {
    const attempt = attemptOf(a);
    const before = await snapshot(a);
    expect(before.businesses).toContain('1 Alpha Road');

    const response = await server.api(attempt.method, attempt.path, { token: bToken, body: attempt.body });
    const text = await response.text();
    if (attempt.expect === 'own') {
      expect(response.status, text).toBeLessThan(300);
      for (const value of [
        a.userid,
        a.businessid,
        a.email,
        a.businessname,
        a.followerid,
        'follows.a@example.com',
        a.voucherid,
        a.code,
        a.conversationid,
        'follows.a@example.com',
        'Is the bakery open',
        a.resourceid,
        'Alpha oven',
      ]) {
        expect(text).not.toContain(value);
      }
    } else {
      expect(response.status, text).toBe(attempt.expect);
      expect(JSON.parse(text)).toEqual({ message: expect.any(String) });
    }

    expect(await snapshot(a)).toEqual(before);
  });

  it('has a row for every owner route of the app, and no row for a route that is gone', () => {
    const app = createApp(server.deps);
    const ownerRoutes = app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && areaOf(route.path) === 'owner')
      .map((route) => `${route.method} ${route.path}`);
    expect(ownerRoutes.length).toBeGreaterThan(0);
    expect(Object.keys(OWNER_ROUTES).sort()).toEqual([...new Set(ownerRoutes)].sort());
  });
});
