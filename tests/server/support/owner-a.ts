import { randomUUID } from 'node:crypto';
import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import * as schema from '../../../server/db/schema.ts';
import { newVoucherCode } from '../../../server/lib/voucher-codes.ts';
import type { TestServer } from '../harness.ts';
import { follow } from './customers.ts';
import { uploadImage } from './images.ts';
import { type SignedInCustomer, type SignedInOwner, signedInCustomer, signedInOwner } from './signed-in.ts';
import { invite, signedInMember } from './team.ts';
import { voucherBody } from './vouchers.ts';

/**
 * Owner A with one of everything, made through the API as A (customers through the customer API), and
 * a dump of every row that is A's or A's customer's: the sweeps compare it before and after an attempt.
 */

/** What making a row needs: the owner, the customer who follows them, and the ids made before it. */
export type Maker = {
  server: TestServer;
  owner: Pick<SignedInOwner, 'token' | 'businessid'>;
  follower: SignedInCustomer;
  ids: Readonly<Record<string, string>>;
};

type IdRow = {
  /** Path parameters that take this id: "{name}", or "<segment before it>/{name}" where a name means different things. */
  paths: readonly string[];
  /** A request body field of this name (any case) names one of these rows. */
  body?: boolean;
  /** Belongs to one customer: another customer aiming at it is refused like an unknown id. */
  customerPrivate?: boolean;
  /** An id of the same shape that names nothing (default: a new UUID). */
  unknown?: () => string;
  /** Makes the owner's row of this kind through the API (customers' through the customer API); answers its id. */
  make: (m: Maker) => Promise<string>;
};

/** The answer's JSON after a 201 (a failure names the call). */
async function created(answer: Promise<Response>): Promise<Record<string, any>> {
  const response = await answer;
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Record<string, any>;
}
const asOwner = (m: Maker, method: string, path: string, body?: unknown) =>
  created(m.server.api(method, path, { token: m.owner.token, body }));
const asFollower = (m: Maker, method: string, path: string, body?: unknown) =>
  created(m.server.api(method, path, { token: m.follower.accessToken, body }));

/**
 * Every kind of id a route can be aimed at, ONE row each, in the order they are made (a row may use the
 * ids of the rows above it). The authorization matrix (support/authz-matrix.ts) derives from this table
 * which path parameters and body fields take which kind, the unknown ids, what is customer-private and
 * owner A's ids; the OpenAPI sweeps (support/sweep-fixtures.ts) fill the path ids they lack from it.
 * A NEW KIND OF ID is one row here: its paths, and how one is made through the API. A kind no route
 * names yet has no paths; naming it in a route is then one more path in its row.
 */
export const ID_KINDS = {
  businessid: {
    paths: ['{businessid}', 'businesses/{id}'],
    body: true,
    make: async (m) => m.owner.businessid,
  },
  followerid: { paths: ['followers/{id}'], make: async (m) => m.follower.userid },
  postid: {
    paths: ['posts/{id}'],
    make: async (m) => {
      const { key, put } = await uploadImage(m.server, m.owner.token);
      expect(put.status).toBe(201);
      const post = { content: 'Fresh bread', imageUrl: key };
      return (await asOwner(m, 'POST', `/api/businesses/${m.owner.businessid}/posts`, post)).postid;
    },
  },
  voucherid: {
    paths: ['vouchers/{id}', '{voucherid}'],
    body: true,
    make: async (m) =>
      (
        await asOwner(
          m,
          'POST',
          `/api/businesses/${m.owner.businessid}/vouchers`,
          voucherBody({ title: 'Alpha loaf voucher' }),
        )
      ).voucherid,
  },
  issuedvoucherid: {
    paths: ['issued-vouchers/{id}'],
    body: true,
    customerPrivate: true,
    make: async (m) => (await asFollower(m, 'POST', `/api/customer/vouchers/${m.ids.voucherid}/claim`)).issuedvoucherid,
  },
  code: {
    paths: ['{code}'],
    unknown: newVoucherCode,
    make: async (m) => {
      const held = await m.server.api('GET', '/api/customer/vouchers', { token: m.follower.accessToken });
      const vouchers = (await held.json()) as Array<{ issuedvoucherid: string; code: string }>;
      return vouchers.find((v) => v.issuedvoucherid === m.ids.issuedvoucherid)!.code;
    },
  },
  conversationid: {
    paths: ['conversations/{id}'],
    body: true,
    customerPrivate: true,
    make: async (m) =>
      (
        await asFollower(m, 'POST', `/api/customer/businesses/${m.owner.businessid}/messages`, {
          messageText: 'Is the bakery open on Sunday?',
        })
      ).conversationid,
  },
  resourceid: {
    // GET /api/availability/{id} lists a resource's rules (one template with the rule's DELETE).
    paths: ['booking-resources/{id}', '{resourceid}', 'GET availability/{id}'],
    body: true,
    make: async (m) =>
      (await asOwner(m, 'POST', '/api/booking-resources', { resourcename: 'Alpha oven', capacity: 2 })).resourceid,
  },
  availabilityid: {
    paths: ['availability/{id}'],
    body: true,
    make: async (m) =>
      (
        await asOwner(m, 'POST', '/api/availability', {
          resourceid: m.ids.resourceid,
          dayofweek: 1,
          starttime: '09:00',
          endtime: '17:00',
        })
      ).availabilityid,
  },
  closureid: {
    paths: ['booking-closures/{id}'],
    body: true,
    make: async (m) => (await asOwner(m, 'POST', '/api/booking-closures', { startdate: '2030-12-25' })).closureid,
  },
  bookingid: {
    // The owner's /api/bookings/{id}... and the customer's /api/customer/bookings/{id}/cancel.
    paths: ['bookings/{id}'],
    customerPrivate: true,
    make: async (m) => {
      // The follower is booked on the first slot of a Monday in 2030 (the resource's rule above).
      const path = `/api/booking-availability/${m.ids.resourceid}?date=2030-01-07&duration=60`;
      const [slot] = (await (await m.server.api('GET', path, { token: m.owner.token })).json()).data.availableSlots;
      const booking = await asOwner(m, 'POST', '/api/bookings', {
        resourceid: m.ids.resourceid,
        customerEmail: m.follower.email,
        bookingstarttime: slot.start,
        bookingendtime: slot.end,
        partysize: 1,
      });
      return booking.data.bookingid;
    },
  },
  // The team (decision 026): a member who accepted an invitation, and an invitation still waiting.
  memberid: {
    paths: ['team/{userid}'],
    make: async (m) => (await signedInMember(m.server, m.owner.token, { email: MEMBER_OF_A, role: 'staff' })).userid,
  },
  invitationid: {
    paths: ['invitations/{invitationid}'],
    make: async (m) => {
      expect((await invite(m.server, m.owner.token, INVITED_BY_A, 'manager')).status).toBe(201);
      const team = (await (
        await m.server.api('GET', '/api/businesses/me/team', { token: m.owner.token })
      ).json()) as Array<{
        email: string;
        invitationid: string | null;
      }>;
      return team.find((row) => row.email === INVITED_BY_A)!.invitationid!;
    },
  },
} satisfies Record<string, IdRow>;

const MEMBER_OF_A = 'member.a@example.com';
const INVITED_BY_A = 'invited.a@example.com';

export type IdKind = keyof typeof ID_KINDS;
export type Ids = Record<IdKind, string>;
export const ID_KIND_NAMES = Object.keys(ID_KINDS) as IdKind[];

/** The rows of every kind not in `given`, made in the table's order for this owner and follower. */
export async function makeIds(
  m: Omit<Maker, 'ids'>,
  given: Partial<Ids> = {},
  only?: Set<IdKind>,
): Promise<Partial<Ids>> {
  const ids: Partial<Ids> = { ...given };
  for (const kind of ID_KIND_NAMES) {
    if (ids[kind] !== undefined || (only && !only.has(kind))) continue;
    ids[kind] = await ID_KINDS[kind].make({ ...m, ids: ids as Record<string, string> });
  }
  return ids;
}

/** An id of each kind, of the right shape, naming nothing. */
export const unknownIds = (): Ids =>
  Object.fromEntries(
    ID_KIND_NAMES.map((kind) => {
      const row: IdRow = ID_KINDS[kind];
      return [kind, row.unknown?.() ?? randomUUID()];
    }),
  ) as Ids;

export type OwnerA = Ids & {
  userid: string;
  email: string;
  businessname: string;
  /** The customer who follows A, claimed a voucher, wrote to A and has a booking. */
  followerEmail: string;
  /** Tokens from the sign-ins that made the fixture (the sweep lets them expire). */
  tokens: { owner: string; follower: string };
};

export async function seedOwnerA(server: TestServer): Promise<OwnerA> {
  const owner = await signedInOwner(server, { email: 'owner.a@example.com', businessName: 'Alpha Bakery' });
  const saved = await server.api('PUT', '/api/businesses/me', {
    token: owner.token,
    body: {
      businessname: 'Alpha Bakery',
      description: 'Sourdough',
      address: '1 Alpha Road',
      latitude: 1,
      longitude: 2,
    },
  });
  expect(saved.status).toBe(200);
  const followerEmail = 'follows.a@example.com';
  const follower = await signedInCustomer(server, { email: followerEmail, firstName: 'Fay', lastName: 'Follower' });
  expect((await follow(server, follower, owner.businessid)).status).toBe(201);
  const ids = (await makeIds({ server, owner, follower })) as Ids;
  return {
    ...ids,
    userid: owner.userid,
    email: owner.email,
    businessname: 'Alpha Bakery',
    followerEmail,
    tokens: { owner: owner.token, follower: follower.accessToken },
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
  a.memberid,
  MEMBER_OF_A,
  a.invitationid,
  INVITED_BY_A,
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
  booking_versions: (a) => sql`select * from booking_versions where businessid = ${a.businessid}`,
  booking_resources: (a) => sql`select * from booking_resources where businessid = ${a.businessid}`,
  availability_rules: (a) => sql`select * from availability_rules where businessid = ${a.businessid}`,
  booking_closures: (a) => sql`select * from booking_closures where businessid = ${a.businessid}`,
  booking_customers: (a) =>
    sql`select * from booking_customers where businessid = ${a.businessid} or userid = ${a.followerid}`,
  bookings: (a) =>
    sql`select b.* from bookings b join booking_customers c on c.id = b.customerid
        where b.businessid = ${a.businessid} or c.userid = ${a.followerid}`,
  booking_notices: (a) => sql`select * from booking_notices where businessid = ${a.businessid}`,
  business_members: (a) => sql`select * from business_members where businessid = ${a.businessid}`,
  team_invitations: (a) => sql`select * from team_invitations where businessid = ${a.businessid}`,
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
