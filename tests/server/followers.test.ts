import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { createOwner, srpTokens } from './support/amplify.ts';
import { follow } from './support/customers.ts';
import { type SignedInCustomer, signedInCustomer, signedInOwner } from './support/signed-in.ts';

const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
let token: string;
let businessid: string;
let otherToken: string;
let otherFollower: SignedInCustomer;
const people: SignedInCustomer[] = [];
const PASSWORD = 'Owner#Follow2026';

const get = (path: string, t = token) => server.api('GET', path, { token: t });

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { TRUST_PROXY: 'true' } });
  const owner = await createOwner(server, {
    email: 'owner.f@example.com',
    password: PASSWORD,
    businessName: 'Fika & Co',
  });
  businessid = owner.businessid!;
  const other = await createOwner(server, { email: 'other.f@example.com', password: PASSWORD, businessName: 'Other' });
  // 45 customers follow, a minute apart; the names include what a spreadsheet would run.
  const names: Array<[string, string]> = [
    ['=HYPERLINK("http://evil.example","click")', 'Formula'],
    ['Ann', '+44 1234'],
    ['@SUM(A1)', '-Minus'],
    ['Zoë', 'O\'Brien, "the" baker'],
    // A formula after a separator: a spreadsheet whose list separator is `;` splits the cell there.
    ['a;=1+1', '5;=2+2'],
    ['Bo, @SUM(A1)', 'Lee;-1+2'],
  ];
  for (let i = 0; i < 45; i++) {
    const [firstName, lastName] = names[i] ?? [`Person${i}`, `Follower${i}`];
    const customer = await signedInCustomer(server, { email: `f${i}@example.com`, firstName, lastName });
    clock.advance(60_000);
    expect((await follow(server, customer, businessid)).status).toBe(201);
    people.push(customer);
  }
  otherFollower = await signedInCustomer(server, { email: 'only.other@example.com' });
  await follow(server, otherFollower, other.businessid!);
  token = (await srpTokens(server, 'owner.f@example.com', PASSWORD)).AccessToken;
  otherToken = (await srpTokens(server, 'other.f@example.com', PASSWORD)).AccessToken;
}, 120_000);
afterAll(() => server?.stop());

type Page = {
  followers: Array<{ customerid: string; firstname: string; lastname: string; followedat: string }>;
  pagination: { currentPage: number; totalPages: number };
};

describe('GET /api/businesses/me/followers', () => {
  it('pages 45 followers 20/20/5, newest follow first, in the spec shape', async () => {
    const pages: Page[] = [];
    for (const page of [1, 2, 3])
      pages.push((await (await get(`/api/businesses/me/followers?page=${page}`)).json()) as Page);
    expect(pages.map((p) => p.followers.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.pagination)).toEqual([
      { currentPage: 1, totalPages: 3 },
      { currentPage: 2, totalPages: 3 },
      { currentPage: 3, totalPages: 3 },
    ]);
    const all = pages.flatMap((p) => p.followers);
    expect(all.map((f) => f.customerid)).toEqual(people.map((p) => p.userid).reverse());
    expect(all[44]).toEqual({
      customerid: people[0]!.userid,
      firstname: '=HYPERLINK("http://evil.example","click")',
      lastname: 'Formula',
      followedat: expect.stringMatching(/^2026-11-23T12:0\d:00\.000Z$/),
    });
  });

  it('defaults to page 1 of 20 and takes a limit up to 100; beyond the last page is an empty list', async () => {
    const first = (await (await get('/api/businesses/me/followers')).json()) as Page;
    expect(first.followers).toHaveLength(20);
    const all = (await (await get('/api/businesses/me/followers?limit=100')).json()) as Page;
    expect(all.followers).toHaveLength(45);
    expect(all.pagination).toEqual({ currentPage: 1, totalPages: 1 });
    const beyond = (await (await get('/api/businesses/me/followers?page=9')).json()) as Page;
    expect(beyond).toEqual({ followers: [], pagination: { currentPage: 9, totalPages: 3 } });
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await get(`/api/businesses/me/followers?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(new RegExp(`^${field} must be a whole number`));
  });

  it('shows another owner only their own followers', async () => {
    const theirs = (await (await get('/api/businesses/me/followers', otherToken)).json()) as Page;
    expect(theirs.followers.map((f) => f.customerid)).toEqual([otherFollower.userid]);
  });
});

describe('GET /api/followers/{id}', () => {
  it('gives a follower of mine with name, email and when they joined', async () => {
    const res = await get(`/api/followers/${people[3]!.userid}`);
    expect(await res.json()).toEqual({
      firstname: 'Zoë',
      surname: 'O\'Brien, "the" baker',
      email: 'f3@example.com',
      createdat: expect.any(String),
      history: { vouchers: [], bookings: [], conversationid: null },
    });
  });

  it("answers 404 alike for someone else's follower, an unknown id and a malformed one", async () => {
    for (const id of [otherFollower.userid, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(`/api/followers/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Follower not found.' });
    }
  });
});

describe('GET /api/businesses/me/followers/export', () => {
  it('streams every follower as UTF-8 CSV with a BOM, as an attachment, with formulas neutralised', async () => {
    const res = await get('/api/businesses/me/followers/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="followers-fika-co-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes.slice(3))) as string[][];
    expect(rows[0]).toEqual(['First name', 'Last name', 'Email', 'Followed on', 'Customer since']);
    expect(rows).toHaveLength(46);
    const byEmail = new Map(rows.slice(1).map((r) => [r[2], r]));
    expect(byEmail.get('f0@example.com')!.slice(0, 2)).toEqual([
      '\'=HYPERLINK("http://evil.example","click")',
      'Formula',
    ]);
    expect(byEmail.get('f1@example.com')!.slice(0, 2)).toEqual(['Ann', "'+44 1234"]);
    expect(byEmail.get('f2@example.com')!.slice(0, 2)).toEqual(["'@SUM(A1)", "'-Minus"]);
    expect(byEmail.get('f3@example.com')!.slice(0, 2)).toEqual(['Zoë', 'O\'Brien, "the" baker']);
    expect(byEmail.get('f4@example.com')!.slice(0, 2)).toEqual(["a;'=1+1", "5;'=2+2"]);
    expect(byEmail.get('f5@example.com')!.slice(0, 2)).toEqual(["Bo, '@SUM(A1)", "Lee;'-1+2"]);
    // Every cell is quoted, so no app splits one whatever its list separator.
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(46);
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*"){4}$/);
    expect(byEmail.has('only.other@example.com')).toBe(false);
  });

  it('gives a business without followers just the header', async () => {
    const lonely = await signedInOwner(server, { email: 'lonely.f@example.com', businessName: 'Lonely' });
    const res = await get('/api/businesses/me/followers/export', lonely.token);
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    expect(parse(text)).toEqual([['First name', 'Last name', 'Email', 'Followed on', 'Customer since']]);
  });
});
