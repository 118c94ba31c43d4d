/**
 * Claims and redemption over real HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the claim
 * rules, codes, the exactly-once redeem under 50 parallel requests and interleaved bursts, the lookup's
 * normalising, scoping and rate limit, and the week's voucher stats.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND } from '../../contracts/common.ts';
import { followerLimitReached } from '../../contracts/customers.ts';
import { CLAIM_TEXTS, type IssuedVoucher, type IssuedVoucherLookup, REDEEM_TEXTS } from '../../contracts/vouchers.ts';
import { CODE_PATTERN } from '../../server/lib/voucher-codes.ts';
import { LOOKUP_FAILURE_LIMIT, LOOKUP_WINDOW_SECONDS } from '../../server/routes/vouchers/vouchers.queries.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { type SignedInCustomer, type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';
import { createVoucher } from './support/vouchers.ts';

// Monday 23 November 2026, 10:30 UTC; the owners' zone is UTC unless a test says otherwise. The clock
// only moves forward (tokens live a day here), so every test can keep its signed-in owners and customers.
const clock = testClock(Date.parse('2026-11-23T10:30:00Z'));
let server: TestServer;
let maya: SignedInOwner;
let other: SignedInOwner;
let customers: SignedInCustomer[];

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { TRUST_PROXY: 'true', ACCESS_TOKEN_TTL: '86400' } });
  maya = await signedInOwner(server, { email: 'maya.redeem@example.com', businessName: 'Maya Redeem' });
  other = await signedInOwner(server, { email: 'other.redeem@example.com', businessName: 'Other Redeem' });
  await server.deps.db.execute(sql`update businesses set timezone = 'UTC'`);
  customers = [];
  for (let i = 0; i < 6; i++) customers.push(await signedInCustomer(server, { email: `claimer.${i}@example.com` }));
});
afterAll(() => server?.stop());

const claim = (customer: SignedInCustomer, voucherid: string) =>
  server.api('POST', `/api/customer/vouchers/${voucherid}/claim`, { token: customer.accessToken });
async function claimed(customer: SignedInCustomer, voucherid: string) {
  const res = await claim(customer, voucherid);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as IssuedVoucher;
}
const lookup = (owner: SignedInOwner, code: string) =>
  server.api('GET', `/api/redeem/lookup/${encodeURIComponent(code)}`, { token: owner.token });
const redeem = (owner: SignedInOwner, id: string) =>
  server.api('POST', `/api/issued-vouchers/${id}/redeem`, { token: owner.token });
const redemptions = async (id: string) => {
  const result = await server.deps.db.execute(
    sql`select statusid, redeemed_at, redeemed_by from issued_vouchers where issuedvoucherid = ${id}`,
  );
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
};

describe('claiming (the customer API)', () => {
  it('issues a code in the ABC-123-XYZ style; claiming again returns the same issued voucher', async () => {
    const voucher = await createVoucher(server, maya, { title: 'Claim me once' });
    const first = await claimed(customers[0]!, voucher.voucherid);
    expect(first).toMatchObject({
      voucherid: voucher.voucherid,
      businessid: maya.businessid,
      businessname: 'Maya Redeem',
      title: 'Claim me once',
      status: 'ready',
      issuedvoucherstatusid: 1,
      redeemedat: null,
    });
    expect(first.code).toMatch(CODE_PATTERN);
    expect(first.code).not.toMatch(/[01OIL]/);
    const again = await claim(customers[0]!, voucher.voucherid);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const mine = await server.api('GET', '/api/customer/vouchers', { token: customers[0]!.accessToken });
    expect(((await mine.json()) as IssuedVoucher[]).filter((v) => v.voucherid === voucher.voucherid)).toEqual([first]);
  });

  it('gives one issued voucher when the same customer claims 10 times at once', async () => {
    const voucher = await createVoucher(server, maya, { title: 'Racing claims' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(customers[1]!, voucher.voucherid)));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as IssuedVoucher[];
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => b.code)).size).toBe(1);
  });

  it('gives each customer a different code for the same voucher', async () => {
    const voucher = await createVoucher(server, maya, { title: 'Everyone gets one' });
    const codes = await Promise.all(customers.map(async (c) => (await claimed(c, voucher.voucherid)).code));
    expect(new Set(codes).size).toBe(customers.length);
  });

  it('refuses inactive, archived, not yet started and expired vouchers, and unknown ids, with a message', async () => {
    const inactive = await createVoucher(server, maya, { isactive: false });
    const archived = await createVoucher(server, maya);
    await server.api('DELETE', `/api/vouchers/${archived.voucherid}`, { token: maya.token });
    const future = await createVoucher(server, maya, { startdate: '2026-11-24', enddate: '2026-12-31' });
    const expired = await createVoucher(server, maya, { startdate: '2026-01-01', enddate: '2026-11-22' });
    const cases = [
      [inactive.voucherid, 409, CLAIM_TEXTS.notAvailable],
      [archived.voucherid, 410, CLAIM_TEXTS.archived],
      [future.voucherid, 409, CLAIM_TEXTS.notStarted('2026-11-24')],
      [expired.voucherid, 410, CLAIM_TEXTS.expired],
      ['00000000-0000-4000-8000-000000000000', 404, NOT_FOUND.voucher],
      ['not-a-voucher', 404, NOT_FOUND.voucher],
    ] as const;
    for (const [id, status, message] of cases) {
      const res = await claim(customers[2]!, id);
      expect(res.status, id).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
    const mine = (await (
      await server.api('GET', '/api/customer/vouchers', { token: customers[2]!.accessToken })
    ).json()) as IssuedVoucher[];
    expect(mine.map((v) => v.voucherid)).not.toEqual(
      expect.arrayContaining([inactive.voucherid, archived.voucherid, future.voucherid, expired.voucherid]),
    );
  });

  it('honours the dates as days of the business zone, not the server clock', async () => {
    // 10:30 UTC on 23 Nov is already 00:30 on 24 Nov in Kiritimati (UTC+14).
    const far = await signedInOwner(server, { email: 'far.redeem@example.com', businessName: 'Far Redeem' });
    await server.deps.db.execute(
      sql`update businesses set timezone = 'Pacific/Kiritimati' where businessid = ${far.businessid}`,
    );
    const endedYesterday = await createVoucher(server, far, { startdate: '2026-11-01', enddate: '2026-11-23' });
    const startsToday = await createVoucher(server, far, { startdate: '2026-11-24', enddate: '2026-11-24' });
    const ended = await claim(customers[3]!, endedYesterday.voucherid);
    expect(ended.status).toBe(410);
    expect(await ended.json()).toEqual({ message: CLAIM_TEXTS.expired });
    expect((await claim(customers[3]!, startsToday.voucherid)).status).toBe(201);
    // The same dates in UTC: 23 Nov is today, 24 Nov tomorrow.
    const here = await createVoucher(server, maya, { startdate: '2026-11-01', enddate: '2026-11-23' });
    expect((await claim(customers[3]!, here.voucherid)).status).toBe(201);
  });

  it('is refused to an owner token (customers only)', async () => {
    const voucher = await createVoucher(server, maya);
    const res = await server.api('POST', `/api/customer/vouchers/${voucher.voucherid}/claim`, { token: maya.token });
    expect(res.status).toBe(403);
  });
});

describe('claims and following (docs/decisions/020-attack-holes-closed.md)', () => {
  const following = async (customer: SignedInCustomer, businessid: string) =>
    (await (await server.api('GET', `/api/customer/businesses/${businessid}`, { token: customer.accessToken })).json())
      .following as boolean;

  it('makes a customer who never followed (or unfollowed) a follower of the business', async () => {
    const shop = await signedInOwner(server, { email: 'follow.claim@example.com', businessName: 'Follow Claim' });
    const voucher = await createVoucher(server, shop, { title: 'Welcome voucher' });
    const newcomer = await signedInCustomer(server, { email: 'newcomer.claim@example.com' });
    expect(await following(newcomer, shop.businessid)).toBe(false);
    await claimed(newcomer, voucher.voucherid);
    expect(await following(newcomer, shop.businessid)).toBe(true);
    // Unfollowing afterwards keeps the code; the next claim follows again.
    await server.api('DELETE', `/api/customer/businesses/${shop.businessid}/follow`, { token: newcomer.accessToken });
    expect(await following(newcomer, shop.businessid)).toBe(false);
    const second = await createVoucher(server, shop, { title: 'Second voucher' });
    await claimed(newcomer, second.voucherid);
    expect(await following(newcomer, shop.businessid)).toBe(true);
  });

  it('is refused like a follow when the business has no room for another follower; followers still claim', async () => {
    const full = await signedInOwner(server, { email: 'full.claim@example.com', businessName: 'Full Claim' });
    const voucher = await createVoucher(server, full, { title: 'Popular voucher' });
    const [first, second] = [
      await signedInCustomer(server, { email: 'first.full@example.com' }),
      await signedInCustomer(server, { email: 'second.full@example.com' }),
    ];
    // Room for one follower (Free's limit for the length of this test).
    await server.deps.db.execute(sql`update packages set follower_limit = 1 where name = 'Free'`);
    try {
      await claimed(first!, voucher.voucherid);
      const refused = await claim(second!, voucher.voucherid);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ message: followerLimitReached('Full Claim') });
      expect(await following(second!, full.businessid)).toBe(false);
      const held = await server.api('GET', '/api/customer/vouchers', { token: second!.accessToken });
      expect(await held.json()).toEqual([]);
      // The follower claims the next voucher as before.
      const next = await createVoucher(server, full, { title: 'Next voucher' });
      await claimed(first!, next.voucherid);
    } finally {
      await server.deps.db.execute(sql`update packages set follower_limit = 100 where name = 'Free'`);
    }
  });

  it('never issues a claim after the archive when 8 claims race an archive', async () => {
    // A server of its own on the real clock: the race is about which moment comes first.
    const live = await startTestServer({ env: { TRUST_PROXY: 'true', SIGNUP_LIMIT_PER_HOUR: '1000' } });
    try {
      const racing = await signedInOwner(live, { email: 'archive.race@example.com', businessName: 'Archive Race' });
      for (let round = 0; round < 5; round++) {
        const voucher = await createVoucher(live, racing, {
          startdate: '2020-01-01',
          enddate: '2100-12-31',
          title: `Raced archive ${round}`,
        });
        const claimers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            signedInCustomer(live, { email: `archive.race.${round}.${i}@example.com` }),
          ),
        );
        const [archive, ...claims] = await Promise.all([
          live.api('DELETE', `/api/vouchers/${voucher.voucherid}`, { token: racing.token }),
          ...claimers.map((customer) =>
            live.api('POST', `/api/customer/vouchers/${voucher.voucherid}/claim`, { token: customer.accessToken }),
          ),
        ]);
        expect(archive!.status).toBe(200);
        for (const answer of claims) expect([201, 410]).toContain(answer.status);
        const { rows } = (await live.deps.db.execute(sql`
        select count(*)::int as late from issued_vouchers i join vouchers v on v.voucherid = i.voucherid
        where v.voucherid = ${voucher.voucherid} and i.issued_at > v.deleted_at`)) as unknown as {
          rows: Array<{ late: number }>;
        };
        expect(rows[0]!.late).toBe(0);
        const { rows: issued } = (await live.deps.db.execute(
          sql`select count(*)::int as n from issued_vouchers where voucherid = ${voucher.voucherid}`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(issued[0]!.n).toBe(claims.filter((answer) => answer.status === 201).length);
      }
    } finally {
      await live.stop();
    }
  });
});

describe('looking a code up at the counter', () => {
  it('finds the code typed in lower case with spaces, without dashes too, with the spec fields', async () => {
    const voucher = await createVoucher(server, maya, { title: 'Lookup voucher' });
    const issued = await claimed(customers[0]!, voucher.voucherid);
    for (const typed of [
      issued.code,
      `  ${issued.code.toLowerCase()}  `,
      issued.code.replaceAll('-', '').toLowerCase(),
      issued.code.replaceAll('-', ' '),
    ]) {
      const res = await lookup(maya, typed);
      expect(res.status, typed).toBe(200);
      expect(await res.json()).toEqual({
        issuedvoucherid: issued.issuedvoucherid,
        title: 'Lookup voucher',
        description: voucher.description,
        customer_email: customers[0]!.email,
        issuedvoucherstatusid: 1,
        redeemedat: null,
        redeemedby: null,
      } satisfies IssuedVoucherLookup);
    }
  });

  it("answers 404 for another business's code exactly as for an unknown one", async () => {
    const voucher = await createVoucher(server, other, { title: 'Other voucher' });
    const theirs = await claimed(customers[0]!, voucher.voucherid);
    const res = await lookup(maya, theirs.code);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: REDEEM_TEXTS.notFound });
    const redeemTheirs = await redeem(maya, theirs.issuedvoucherid);
    expect(redeemTheirs.status).toBe(404);
    expect(await redeemTheirs.json()).toEqual({ message: NOT_FOUND.issuedVoucher });
    expect((await redemptions(theirs.issuedvoucherid))[0]).toMatchObject({ statusid: 1, redeemed_at: null });
  });

  it('answers nonsense (symbols, a malformed escape, 2,000 characters) with a 4xx message, never a 500', async () => {
    const other2 = await signedInOwner(server, {
      email: 'nonsense.redeem@example.com',
      businessName: 'Nonsense Redeem',
    });
    for (const raw of ['%25%27%3B--', '%E0%A4%A', 'A'.repeat(2000), '%20%20']) {
      const res = await server.api('GET', `/api/redeem/lookup/${raw}`, { token: other2.token });
      expect(res.status, raw.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('redeeming exactly once', () => {
  it('lets exactly 1 of 50 parallel redeems of one code through; 49 get 409; one redemption is recorded', async () => {
    const voucher = await createVoucher(server, maya, { title: 'Fifty at once' });
    const issued = await claimed(customers[1]!, voucher.voucherid);
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(maya, issued.issuedvoucherid)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies.filter((b) => b.message === REDEEM_TEXTS.redeemed('Fifty at once'))).toHaveLength(1);
    expect(bodies.filter((b) => b.message === REDEEM_TEXTS.alreadyRedeemed)).toHaveLength(49);
    const rows = await redemptions(issued.issuedvoucherid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ statusid: 2, redeemed_by: maya.userid });
    expect(rows[0]!.redeemed_at).not.toBeNull();

    const after = await lookup(maya, issued.code);
    expect(await after.json()).toMatchObject({ issuedvoucherstatusid: 2, redeemedat: expect.any(String) });
    const held = (await (
      await server.api('GET', '/api/customer/vouchers', { token: customers[1]!.accessToken })
    ).json()) as IssuedVoucher[];
    expect(held.find((v) => v.issuedvoucherid === issued.issuedvoucherid)).toMatchObject({ status: 'redeemed' });
  });

  it('redeems each of several codes exactly once when bursts for them interleave', async () => {
    const voucher = await createVoucher(server, maya, { title: 'Interleaved bursts' });
    const codes = await Promise.all(customers.slice(0, 5).map((c) => claimed(c, voucher.voucherid)));
    // 5 codes × 12 requests, shuffled into one burst (deterministic order: round-robin, reversed every other).
    const order = Array.from({ length: 12 }, (_, round) =>
      (round % 2 ? [...codes].reverse() : codes).map((c) => c.issuedvoucherid),
    ).flat();
    const answers = await Promise.all(order.map((id) => redeem(maya, id).then((r) => ({ id, status: r.status }))));
    for (const code of codes) {
      const mine = answers.filter((a) => a.id === code.issuedvoucherid).map((a) => a.status);
      expect(
        mine.filter((s) => s === 200),
        code.code,
      ).toHaveLength(1);
      expect(mine.filter((s) => s === 409)).toHaveLength(11);
      expect((await redemptions(code.issuedvoucherid))[0]).toMatchObject({ statusid: 2 });
    }
  });
});

describe('voucher stats', () => {
  it("counts templates not archived, and this week's issues and redemptions in the business zone", async () => {
    const fresh = await signedInOwner(server, { email: 'stats.redeem@example.com', businessName: 'Stats Redeem' });
    await server.deps.db.execute(
      sql`update businesses set timezone = 'Pacific/Pago_Pago' where businessid = ${fresh.businessid}`,
    );
    const stats = async () =>
      (await server.api('GET', '/api/businesses/me/voucher-stats', { token: fresh.token })).json();
    expect(await stats()).toEqual({ total_vouchers: 0, issued_this_week: 0, redeemed_this_week: 0 });
    // 10:30 UTC on Monday 23 Nov is still Sunday 23:30 in Pago Pago (UTC-11): last week there.
    const a = await createVoucher(server, fresh, { title: 'Stats voucher A' });
    const b = await createVoucher(server, fresh, { title: 'Stats voucher B' });
    const archived = await createVoucher(server, fresh, { title: 'Stats voucher C' });
    await server.api('DELETE', `/api/vouchers/${archived.voucherid}`, { token: fresh.token });
    const lastWeek = await claimed(customers[0]!, a.voucherid);
    // 11:05 UTC is Monday 00:05 in Pago Pago: this week there.
    clock.set(Date.parse('2026-11-23T11:05:00Z'));
    const thisWeek = await claimed(customers[1]!, a.voucherid);
    await claimed(customers[2]!, b.voucherid);
    expect((await redeem(fresh, lastWeek.issuedvoucherid)).status).toBe(200);
    expect(await stats()).toEqual({ total_vouchers: 2, issued_this_week: 2, redeemed_this_week: 1 });
    expect((await redeem(fresh, thisWeek.issuedvoucherid)).status).toBe(200);
    expect(await stats()).toMatchObject({ redeemed_this_week: 2 });
  });
});

describe('the lookup rate limit', () => {
  it(`refuses every lookup after ${LOOKUP_FAILURE_LIMIT} failed ones (429, Retry-After), per business, until the window ends`, async () => {
    const limited = await signedInOwner(server, {
      email: 'limited.redeem@example.com',
      businessName: 'Limited Redeem',
    });
    const voucher = await createVoucher(server, limited, { title: 'Real code voucher' });
    const real = await claimed(customers[5]!, voucher.voucherid);
    for (let i = 0; i < LOOKUP_FAILURE_LIMIT; i++) expect((await lookup(limited, 'AAA-AAA-AAA')).status).toBe(404);
    const refused = await lookup(limited, real.code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(LOOKUP_WINDOW_SECONDS);
    expect(await refused.json()).toEqual({ message: REDEEM_TEXTS.tooManyLookups });
    // Another business is not affected.
    expect((await lookup(maya, 'AAA-AAA-AAA')).status).toBe(404);
    clock.advance(LOOKUP_WINDOW_SECONDS * 1000 + 1000);
    expect((await lookup(limited, real.code)).status).toBe(200);
  });

  it(`evaluates at most ${LOOKUP_FAILURE_LIMIT} of 300 simultaneous lookups with one token (counted first, in one statement)`, async () => {
    const racer = await signedInOwner(server, { email: 'racer.redeem@example.com', businessName: 'Racer Redeem' });
    const voucher = await createVoucher(server, racer, { title: 'Raced code voucher' });
    const real = await claimed(customers[4]!, voucher.voucherid);
    const guesses = Array.from(
      { length: 300 },
      (_, i) => `AAA-AAA-${'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[i % 31]}${i % 10}A`,
    );
    const statuses = await Promise.all(guesses.map(async (code) => (await lookup(racer, code)).status));
    const evaluated = statuses.filter((status) => status === 404).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(LOOKUP_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - evaluated);
    // Locked: the right code is refused too, until the window ends.
    expect((await lookup(racer, real.code)).status).toBe(429);
    clock.advance(LOOKUP_WINDOW_SECONDS * 1000 + 1000);
    // A code that is found gives its count back: a busy counter is never locked by its own redemptions.
    for (let i = 0; i < LOOKUP_FAILURE_LIMIT + 5; i++) expect((await lookup(racer, real.code)).status).toBe(200);
    expect((await lookup(racer, 'AAA-AAA-AAA')).status).toBe(404);
  });
});
