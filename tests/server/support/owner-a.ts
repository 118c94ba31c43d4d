import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import * as schema from '../../../server/db/schema.ts';
import type { TestServer } from '../harness.ts';
import { createOwner, srpTokens } from './amplify.ts';
import { follow, registerCustomer } from './customers.ts';
import { png } from './images.ts';
import { voucherBody } from './vouchers.ts';

/**
 * Owner A with one of everything, made through the API as A (customers through the customer API), and
 * a dump of every row that is A's or A's customer's: the sweeps compare it before and after an attempt.
 */
export type OwnerA = {
  userid: string;
  businessid: string;
  email: string;
  businessname: string;
  /** The customer who follows A, claimed a voucher, wrote to A and has a booking. */
  followerid: string;
  followerEmail: string;
  voucherid: string;
  issuedvoucherid: string;
  code: string;
  conversationid: string;
  resourceid: string;
  availabilityid: string;
  closureid: string;
  /** Tokens from the sign-ins that made the fixture (the sweep lets them expire). */
  tokens: { owner: string; follower: string };
};

export const OWNER_PASSWORD = 'Separate#Owners1';

export async function seedOwnerA(server: TestServer): Promise<OwnerA> {
  const email = 'owner.a@example.com';
  const created = await createOwner(server, { email, password: OWNER_PASSWORD, businessName: 'Alpha Bakery' });
  const businessid = created.businessid!;
  const { AccessToken } = await srpTokens(server, email, OWNER_PASSWORD);
  const asA = (method: string, path: string, body?: unknown) => server.api(method, path, { token: AccessToken, body });
  const created201 = async (answer: Promise<Response>) => {
    const response = await answer;
    expect(response.status, await response.clone().text()).toBe(201);
    return response.json();
  };
  const saved = await asA('PUT', '/api/businesses/me', {
    businessname: 'Alpha Bakery',
    description: 'Sourdough',
    address: '1 Alpha Road',
    latitude: 1,
    longitude: 2,
  });
  expect(saved.status).toBe(200);
  // A follower (through the customer API) and a post with a photo.
  const followerEmail = 'follows.a@example.com';
  const follower = await registerCustomer(server, { email: followerEmail, firstName: 'Fay', lastName: 'Follower' });
  expect((await follow(server, follower, businessid)).status).toBe(201);
  const target = await asA('GET', '/api/posts/upload-url?filename=a.png&fileType=image%2Fpng');
  const { uploadUrl, key } = (await target.json()) as { uploadUrl: string; key: string };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest' },
    body: png(),
  });
  expect(put.status).toBe(201);
  await created201(asA('POST', `/api/businesses/${businessid}/posts`, { content: 'Fresh bread', imageUrl: key }));
  // A voucher, claimed by the follower through the customer API.
  const { voucherid } = await created201(
    asA('POST', `/api/businesses/${businessid}/vouchers`, voucherBody({ title: 'Alpha loaf voucher' })),
  );
  const { issuedvoucherid, code } = await created201(
    server.api('POST', `/api/customer/vouchers/${voucherid}/claim`, { token: follower.accessToken }),
  );
  // A conversation with an unread customer message.
  const { conversationid } = await created201(
    server.api('POST', `/api/customer/businesses/${businessid}/messages`, {
      token: follower.accessToken,
      body: { messageText: 'Is the bakery open on Sunday?' },
    }),
  );
  // A resource open on Mondays, a closure, and a booking of the follower in 2030.
  const resource = await created201(asA('POST', '/api/booking-resources', { resourcename: 'Alpha oven', capacity: 2 }));
  const rule = await created201(
    asA('POST', '/api/availability', {
      resourceid: resource.resourceid,
      dayofweek: 1,
      starttime: '09:00',
      endtime: '17:00',
    }),
  );
  const closure = await created201(asA('POST', '/api/booking-closures', { startdate: '2030-12-25' }));
  const [slot] = (
    await (await asA('GET', `/api/booking-availability/${resource.resourceid}?date=2030-01-07&duration=60`)).json()
  ).data.availableSlots;
  await created201(
    asA('POST', '/api/bookings', {
      resourceid: resource.resourceid,
      customerEmail: followerEmail,
      bookingstarttime: slot.start,
      bookingendtime: slot.end,
      partysize: 1,
    }),
  );
  return {
    userid: created.userid,
    businessid,
    email,
    businessname: 'Alpha Bakery',
    followerid: follower.userid,
    followerEmail,
    voucherid,
    issuedvoucherid,
    code,
    conversationid,
    resourceid: resource.resourceid,
    availabilityid: rule.availabilityid,
    closureid: closure.closureid,
    tokens: { owner: AccessToken, follower: follower.accessToken },
  };
}

/** What must never appear in another business's answer. */
export const traitsOf = (a: OwnerA) => [
  a.userid,
  a.businessid,
  a.email,
  a.businessname,
  a.followerid,
  a.followerEmail,
  a.voucherid,
  a.code,
  a.conversationid,
  'Is the bakery open',
  a.resourceid,
  'Alpha oven',
];

const mine = (a: OwnerA) => sql`(${a.userid}::uuid, ${a.followerid}::uuid)`;

/**
 * Every row of A's and A's follower's data, per table. A NEW TABLE in server/db/schema.ts adds a query
 * here (or, if it holds no owner or customer data, a line in NOT_DUMPED saying why).
 */
export const A_DATA: Record<string, (a: OwnerA) => SQL> = {
  // Catalogue: one change to a plan or a voucher type changes every business.
  packages: () => sql`select * from packages`,
  voucher_types: () => sql`select * from voucher_types`,
  users: (a) => sql`select * from users where userid in ${mine(a)}`,
  user_groups: (a) => sql`select * from user_groups where userid in ${mine(a)}`,
  auth_sessions: (a) => sql`select * from auth_sessions where userid in ${mine(a)}`,
  refresh_tokens: (a) =>
    sql`select r.* from refresh_tokens r join auth_sessions s on s.id = r.session_id where s.userid in ${mine(a)}`,
  account_tokens: (a) => sql`select * from account_tokens where userid in ${mine(a)}`,
  // The server's keys: a token signed with a planted key would be anyone's.
  signing_keys: () => sql`select kid, public_jwk, active from signing_keys`,
  mail_outbox: (a) => sql`select * from mail_outbox where lower(to_address) in (${a.email}, ${a.followerEmail})`,
  mail_attachments: (a) =>
    sql`select t.* from mail_attachments t join mail_outbox m on m.id = t.mail_id
        where lower(m.to_address) in (${a.email}, ${a.followerEmail})`,
  businesses: (a) => sql`select * from businesses where businessid = ${a.businessid}`,
  followers: (a) => sql`select * from followers where businessid = ${a.businessid} or customerid = ${a.followerid}`,
  posts: (a) => sql`select * from posts where businessid = ${a.businessid}`,
  media: (a) =>
    sql`select key, businessid, content_type, size, md5(bytes) from media where businessid = ${a.businessid}`,
  upload_targets: (a) => sql`select * from upload_targets where businessid = ${a.businessid}`,
  vouchers: (a) => sql`select * from vouchers where businessid = ${a.businessid}`,
  issued_vouchers: (a) =>
    sql`select * from issued_vouchers where businessid = ${a.businessid} or customerid = ${a.followerid}`,
  conversations: (a) =>
    sql`select * from conversations where businessid = ${a.businessid} or customerid = ${a.followerid}`,
  messages: (a) =>
    sql`select m.* from messages m join conversations c on c.conversationid = m.conversationid
        where c.businessid = ${a.businessid} or c.customerid = ${a.followerid}`,
  messaging_versions: (a) => sql`select * from messaging_versions where businessid = ${a.businessid}`,
  booking_resources: (a) => sql`select * from booking_resources where businessid = ${a.businessid}`,
  availability_rules: (a) => sql`select * from availability_rules where businessid = ${a.businessid}`,
  booking_closures: (a) => sql`select * from booking_closures where businessid = ${a.businessid}`,
  booking_customers: (a) =>
    sql`select * from booking_customers where businessid = ${a.businessid} or userid = ${a.followerid}`,
  bookings: (a) =>
    sql`select b.* from bookings b join booking_customers c on c.id = b.customerid
        where b.businessid = ${a.businessid} or c.userid = ${a.followerid}`,
};

/** Tables the dump leaves out on purpose. Keep this short; each line says why. */
export const NOT_DUMPED: Record<string, string> = {
  rate_limits: 'request counters per address and account; every refused attempt is meant to count',
  auth_challenges: 'short-lived single-use sign-in state (SRP exchange); no token or data comes from it alone',
};

/** Every table declared in server/db/schema.ts. */
export const schemaTables = () =>
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable));

/** A's data as JSON text per table, rows in a stable order. */
export async function dumpOf(server: TestServer, a: OwnerA): Promise<Record<string, string>> {
  const data: Record<string, string> = {};
  for (const [table, query] of Object.entries(A_DATA)) {
    const result = await server.deps.db.execute(
      sql`select coalesce(json_agg(t order by t::text)::text, '[]') as data from (${query(a)}) t`,
    );
    data[table] = String((result as unknown as { rows: { data: string }[] }).rows[0]!.data);
  }
  return data;
}
