import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema.ts';
import { seedCatalogue } from '#server/seed/catalogue.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { srpTokens } from './support/amplify.ts';
import { follow } from './support/customers.ts';
import { signedInCustomer, signedInOwner } from './support/signed-in.ts';

// Wednesday 25 Nov 2026, 12:00 UTC.
const clock = testClock(Date.parse('2026-11-25T12:00:00Z'));
let server: TestServer;
const owner = (email: string) => signedInOwner(server, { email });
const get = (path: string, token: string) => server.api('GET', path, { token }).then((r) => r.json());

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server?.stop());

describe('GET /api/packages/active', () => {
  it('lists the plans in order with the spec fields, prices as numbers', async () => {
    const { token } = await owner('plans@example.com');
    const { data } = await get('/api/packages/active', token);
    expect(data.map((p: { name: string }) => p.name)).toEqual(['Free', 'Starter', 'Pro']);
    expect(data[2]).toEqual({
      packageid: expect.any(Number),
      name: 'Pro',
      description: expect.any(String),
      monthly_price: 49,
      annual_price: 490,
      follower_limit: 10000,
      posts_per_day_limit: 10,
      bookable_resources_limit: 25,
      custom_branding_enabled: true,
      support_level: 'priority',
    });
  });
});

describe('the catalogue at start-up', () => {
  it('puts back a plan the database is missing (one that predates the plan) at the next start', async () => {
    const older = await startTestServer({ clock: clock.clock });
    try {
      await older.database.db.delete(packages).where(eq(packages.name, 'Pro'));
      // What every start runs (server/boot.ts): it reads the catalogue and inserts only what is missing.
      await seedCatalogue(older.database.db);
      const { token } = await signedInOwner(older, { email: 'catalogue@example.com' });
      const { data } = await older.api('GET', '/api/packages/active', { token }).then((r) => r.json());
      expect(data.map((p: { name: string }) => p.name)).toEqual(['Free', 'Starter', 'Pro']);
    } finally {
      await older.stop();
    }
  });
});

describe('usage and stats with followers who came through the customer API', () => {
  it('counts followers, posts today and the week in the business zone', async () => {
    const me = await owner('usage@example.com');
    // Three follows last week (Mon 16 – Sun 22 Nov), two this week.
    const times = [
      '2026-11-17T10:00:00Z',
      '2026-11-19T10:00:00Z',
      '2026-11-22T20:00:00Z',
      '2026-11-23T09:00:00Z',
      '2026-11-25T11:00:00Z',
    ];
    for (const [i, at] of times.entries()) {
      clock.set(Date.parse(at));
      const customer = await signedInCustomer(server, { email: `usage${i}@example.com` });
      expect((await follow(server, customer, me.businessid)).status).toBe(201);
    }
    clock.set(Date.parse('2026-11-25T12:00:00Z'));
    const token = (await srpTokens(server, me.email, me.password)).AccessToken;
    await server.api('POST', `/api/businesses/${me.businessid}/posts`, { token, body: { content: 'Hello' } });

    const stats = await get('/api/businesses/me/user-stats', token);
    expect(stats.total_users).toBe(5);
    expect(stats.new_users_last_week).toBe(2);
    expect(stats.weekly).toHaveLength(12);
    expect(stats.weekly.slice(-2)).toEqual([
      { week_start: '2026-11-16T00:00:00.000Z', new_followers: 3, total: 3 },
      { week_start: '2026-11-23T00:00:00.000Z', new_followers: 2, total: 5 },
    ]);

    const dashboard = await get(`/api/packages/usage/${me.businessid}/dashboard`, token);
    expect(dashboard).toEqual({
      data: {
        package: {
          package_name: 'Free',
          negotiated_monthly_price: 0,
          billing_cycle: 'month',
          custom_branding_enabled: false,
        },
        usage: {
          followers: { currentCount: 5, limit: 100, remaining: 95 },
          posts: { currentCount: 1, limit: 1, remaining: 0 },
          resources: { currentCount: 0, limit: 1, remaining: 1 },
        },
      },
    });
    expect(await get(`/api/packages/usage/${me.businessid}/can-create-post`, token)).toEqual({
      canCreate: false,
      limit: 1,
      remaining: 0,
    });
    expect(await get(`/api/packages/usage/${me.businessid}/can-add-resource`, token)).toEqual({
      canAdd: true,
      limit: 1,
    });

    // The same instant, 22 Nov 20:00 UTC, is already Monday 23 Nov in Auckland (UTC+13): this week there.
    await server.deps.db.execute(
      `update businesses set timezone = 'Pacific/Auckland' where businessid = '${me.businessid}'`,
    );
    const far = await get('/api/businesses/me/user-stats', token);
    expect(far.new_users_last_week).toBe(3);
    expect(far.weekly.at(-1)).toEqual({ week_start: '2026-11-22T11:00:00.000Z', new_followers: 3, total: 5 });
  });

  it('gives zeros to a business without vouchers', async () => {
    const { token } = await owner('vouchers@example.com');
    expect(await get('/api/businesses/me/voucher-stats', token)).toEqual({
      total_vouchers: 0,
      issued_this_week: 0,
      redeemed_this_week: 0,
    });
  });

  it("answers 404 alike for another business's id, an unknown one and nonsense", async () => {
    const a = await owner('usage.a@example.com');
    const b = await owner('usage.b@example.com');
    for (const id of [a.businessid, '00000000-0000-4000-8000-000000000000', 'abc']) {
      for (const tail of ['dashboard', 'can-create-post', 'can-add-resource']) {
        const res = await server.api('GET', `/api/packages/usage/${id}/${tail}`, { token: b.token });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Business not found.' });
      }
    }
  });
});
