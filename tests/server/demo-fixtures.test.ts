/**
 * The QA plans and the machine samples name the seeded demo owner and business (machines/samples/
 * demo.samples.ts): a fresh seed must show exactly those names, or a tester walking a plan would look
 * for a business that is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '#contracts/bookings.ts';
import type { Conversation } from '#contracts/messaging.ts';
import { meetingRoom, windowTable } from '#machines/samples/bookings.samples.ts';
import { demoBusiness, demoOwner, demoUser } from '#machines/samples/demo.samples.ts';
import { demoChecklist } from '#machines/samples/getting-started.samples.ts';
import { amelia, noah, oliver } from '#machines/samples/messages.samples.ts';
import { demoArchivedVoucher, demoVoucher } from '#machines/samples/vouchers.samples.ts';
import { businessWeek } from '../../server/lib/business-time.ts';
import { DEMO_TEAM } from '../../server/seed/team.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { amplifySignIn, configureAmplify } from './support/amplify.ts';

let server: TestServer;
beforeAll(async () => {
  // No housekeeping ticks: a quarter-hour one during the file would purge the spent upload links checked below.
  server = await startTestServer({ demo: true, housekeeping: false });
  configureAmplify(server);
});
afterAll(() => server?.stop());

describe('the demo fixtures of the QA plans', () => {
  it('sign in as the seeded owner and show the seeded business', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const me = await server.api('GET', '/api/users/me', { token: accessToken });
    const { userid: _u, ...user } = demoUser;
    expect(await me.json()).toMatchObject(user);
    const business = await server.api('GET', '/api/businesses/me', { token: accessToken });
    const { businessid: _b, timezone: _t, ...profile } = demoBusiness;
    expect(await business.json()).toMatchObject(profile);
  });

  it('has a manager and a staff member, invited and accepted through the team API, signing in with the demo password', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const team = await (await server.api('GET', '/api/businesses/me/team', { token: accessToken })).json();
    expect(team.map((m: { email: string; role: string; status: string }) => [m.email, m.role, m.status])).toEqual([
      [demoOwner.email, 'owner', 'active'],
      ...DEMO_TEAM.map((m) => [m.email, m.role, 'active']),
    ]);
    for (const member of DEMO_TEAM) {
      const signedIn = await amplifySignIn(server, member.email, demoOwner.password);
      const me = await server.api('GET', '/api/users/me', { token: signedIn.accessToken });
      expect(await me.json()).toMatchObject({ email: member.email, firstname: member.firstName, role: member.role });
    }
  });

  it('shows the getting-started checklist with every step done but the QR code, as its plan says', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const checklist = await server.api('GET', '/api/businesses/me/checklist', { token: accessToken });
    expect(await checklist.json()).toEqual(demoChecklist);
  });

  it('has 45 followers over the last 8 weeks, each a customer who signed up and verified through the API', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const page = await server.api('GET', '/api/businesses/me/followers?limit=100', { token: accessToken });
    const { followers, pagination } = (await page.json()) as {
      followers: Array<{ customerid: string; followedat: string }>;
      pagination: { totalPages: number };
    };
    expect(followers).toHaveLength(45);
    expect(pagination.totalPages).toBe(1);
    const ages = followers.map((f) => (Date.now() - Date.parse(f.followedat)) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(40);
    expect(Math.max(...ages)).toBeLessThanOrEqual(56);
    expect(Math.min(...ages)).toBeLessThan(7);
    // Customers of the app: confirmed through the mailed link, each with the sign-up mail in the outbox.
    const mailed = await server.deps.db.execute(
      `select count(distinct m.to_address)::int as n from mail_outbox m join users u on lower(u.email) = m.to_address
       join user_groups g on g.userid = u.userid and g.group_name = 'Customers'
       where u.status = 'CONFIRMED' and u.email_verified and m.subject = 'Verify your email address'`,
    );
    expect((mailed as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(45);
    const stats = await server.api('GET', '/api/businesses/me/user-stats', { token: accessToken });
    expect(((await stats.json()) as { total_users: number }).total_users).toBe(45);
  });

  it('has three posts with pictures from the last days, none today, each image served as PNG', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const feed = (await (await server.api('GET', '/api/businesses/me/posts', { token: accessToken })).json()) as Array<{
      imageurl: string;
      authoremail: string;
      createdat: string;
    }>;
    expect(feed).toHaveLength(3);
    for (const post of feed) {
      expect(post.authoremail).toBe(demoOwner.email);
      const image = await server.request(`/media/${post.imageurl}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      // Posted on an earlier day of the last week, not today.
      const age = (Date.now() - Date.parse(post.createdat)) / 86_400_000;
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(7);
    }
    // Each picture was uploaded as the portal uploads one: through a single-use upload link, spent.
    const uploads = await server.deps.db.execute(
      `select count(*)::int as n from upload_targets where used_at is not null and key in (select image_key from posts)`,
    );
    expect((uploads as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(3);
    const business = (await (await server.api('GET', '/api/businesses/me', { token: accessToken })).json()) as {
      businessid: string;
    };
    const check = await server.api('GET', `/api/packages/usage/${business.businessid}/can-create-post`, {
      token: accessToken,
    });
    expect(await check.json()).toEqual({ canCreate: true, limit: 3, remaining: 3 });
  });

  it('has vouchers its followers claimed through the customer API, some redeemed, one archived by the owner', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const list = async (status: string) =>
      (await (
        await server.api('GET', `/api/businesses/me/vouchers?status=${status}`, { token: accessToken })
      ).json()) as Array<{
        title: string;
        isactive: boolean;
        issued_count: number;
        redeemed_count: number;
        deleted_by_email: string | null;
      }>;
    const active = await list('active');
    const archived = await list('archived');
    expect(active.map((v) => v.title)).toContain(demoVoucher.title);
    expect(active.some((v) => !v.isactive)).toBe(true);
    expect(archived.map((v) => v.title)).toEqual([demoArchivedVoucher.title]);
    expect(archived[0]!.deleted_by_email).toBe(demoOwner.email);
    const pastry = active.find((v) => v.title === demoVoucher.title)!;
    expect(pastry).toMatchObject({ issued_count: 12, redeemed_count: 5 });
    const stats = (await (
      await server.api('GET', '/api/businesses/me/voucher-stats', { token: accessToken })
    ).json()) as { total_vouchers: number; issued_this_week: number; redeemed_this_week: number };
    expect(stats.total_vouchers).toBe(4);
    // The counter shows every code redeemed in the business's week so far. The last redemption of each of
    // the three vouchers that have any was this morning, so it shows at least 3 whatever the weekday;
    // late in the week the earlier redemptions of the last days count too (5 on a Saturday).
    const { timezone } = (await (await server.api('GET', '/api/businesses/me', { token: accessToken })).json()) as {
      timezone: string;
    };
    const week = businessWeek(new Date(), timezone);
    const { rows: redeemed } = (await server.deps.db.execute(
      'select redeemed_at as at from issued_vouchers where redeemed_at is not null',
    )) as unknown as { rows: Array<{ at: string | Date }> };
    const inWeek = redeemed.filter(({ at }) => new Date(at) >= week.start && new Date(at) < week.end);
    expect(inWeek.length).toBeGreaterThanOrEqual(3);
    expect(stats.redeemed_this_week).toBe(inWeek.length);
    // Every code belongs to a customer who signed up through the API (a member of Customers).
    const holders = await server.deps.db.execute(
      `select count(*)::int as n from issued_vouchers i left join user_groups g on g.userid = i.customerid and g.group_name = 'Customers' where g.userid is null`,
    );
    expect((holders as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
  it('has the resources the booking plans name, open daily, with followers booked this week', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const resources = (await (
      await server.api('GET', '/api/booking-resources', { token: accessToken })
    ).json()) as Resource[];
    expect(resources.map(({ resourceid: _id, ...r }) => r)).toEqual(
      [windowTable, meetingRoom].map(({ resourceid: _id, ...r }) => r),
    );
    const rules = await (
      await server.api('GET', `/api/availability/${resources[0]!.resourceid}`, { token: accessToken })
    ).json();
    expect(rules).toHaveLength(7);
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { data } = (await (
      await server.api('GET', `/api/businesses/me/bookings?startDate=${from}&endDate=${to}`, { token: accessToken })
    ).json()) as { data: Array<{ firstname: string | null; start: string; title: string }> };
    expect(data.length).toBeGreaterThan(20);
    expect(data.every((b) => b.firstname)).toBe(true);
    expect(data.some((b) => Date.parse(b.start) > Date.now() && b.title === 'Window Table')).toBe(true);
    // This week's and next week's, in the business's zone.
    const { timezone } = (await (await server.api('GET', '/api/businesses/me', { token: accessToken })).json()) as {
      timezone: string;
    };
    const nextMonday = businessWeek(new Date(), timezone).end;
    const nextSunday = new Date(nextMonday.getTime() + 7 * 86_400_000);
    const nextWeek = await server.api(
      'GET',
      `/api/businesses/me/bookings?startDate=${nextMonday.toISOString()}&endDate=${nextSunday.toISOString()}`,
      { token: accessToken },
    );
    expect(((await nextWeek.json()) as { data: unknown[] }).data.length).toBeGreaterThan(10);
    // Booked as the portal books: every customer was mailed the confirmation.
    const mailed = await server.deps.db.execute(
      `select (select count(*)::int from bookings) as booked,
              (select count(*)::int from mail_outbox where subject like 'Your booking at % is confirmed') as mailed`,
    );
    const [{ booked, mailed: confirmations }] = (
      mailed as unknown as { rows: Array<{ booked: number; mailed: number }> }
    ).rows as [{ booked: number; mailed: number }];
    expect(confirmations).toBe(booked);
  });
});

describe('the demo conversations of the QA plans', () => {
  it('has active conversations waiting for an answer and an archived one with an unread message, as the samples name them', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const list = async (status: string) =>
      (await (
        await server.api('GET', `/api/messaging/business/conversations?status=${status}`, { token: accessToken })
      ).json()) as Conversation[];
    const shown = (c: Conversation) => ({
      name: `${c.firstname} ${c.surname}`,
      unread: c.unread_count,
      last: c.last_message,
    });
    const active = (await list('active')).map(shown);
    expect(active).toContainEqual(shown(amelia));
    expect(active).toContainEqual(shown(noah));
    expect(active.map((c) => c.name)).toEqual(['Isla Okafor', 'Amelia Hughes', 'Noah Patel']);
    expect((await list('archived')).map(shown)).toEqual([shown(oliver)]);
  });
});
