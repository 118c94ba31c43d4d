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
