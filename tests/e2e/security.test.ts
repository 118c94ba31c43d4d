/**
 * The browser security sweep (issue 13) in real Chromium against the npm start stack:
 * - every page and asset answers with the headers server/middleware/security.ts promises;
 * - a new owner's business holds an XSS corpus (tests/e2e/support/sweep.ts) in every free-text field:
 *   the profile, a post, vouchers, a resource, closures, a booking's notes, the names of customers who
 *   signed up through the customer API with corpus names, and messages both ways (the owner's typed in the
 *   chat). One walk over every signed-in page finds each payload as text, no dialog, the canary unset,
 *   nothing injected, no CSP violation, no JWT in the DOM or the console;
 * - after Sign Out no Cognito key is left in any storage; the server's log holds no JWT either.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AUTH_PAGES, PAGES } from '#src/app/pages.ts';
import {
  type Call,
  claimVoucher,
  createCustomer,
  followBusiness,
  mailboxOverHttp,
  sendMessage,
  signInCustomer,
} from '../../server/sim/customers.ts';
import { available, openPage, registeredOwner, signIn, stack, uniqueEmail, useBrowser } from './support/browser.ts';
import { CORPUS, CORPUS_LINE, CORPUS_LINES, headerProblems, inspectPage, JWT, payload } from './support/sweep.ts';

const call: Call = (path, init) => fetch(new URL(path, stack.baseUrl), init);

async function pool() {
  const config = (await (await call('/config.json')).json()) as {
    auth: { userPoolId: string; userPoolClientId: string };
  };
  return { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
}

/** The owner API with a bearer token; fails on anything but 2xx unless `expectStatus` says otherwise. */
async function api<T = unknown>(token: string, method: string, path: string, body?: unknown, expectStatus?: number) {
  const response = await call(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (expectStatus ? response.status !== expectStatus : !response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A new owner whose business holds the corpus everywhere, and customers named with it. */
async function plantCorpus() {
  const owner = await registeredOwner('xss', payload(1));
  const userPool = await pool();
  const token = await signInCustomer(call, userPool, owner.email, owner.password);
  const { businessid } = await api<{ businessid: string }>(token, 'GET', '/api/businesses/me');
  const business = { businessname: payload(3), description: CORPUS_LINES, address: CORPUS_LINE.slice(0, 500) };
  await api(token, 'PUT', '/api/businesses/me', business);
  // The one URL field: a javascript: address is refused with a message naming it, nothing stored.
  const refused = await api<{ message: string }>(
    token,
    'PUT',
    '/api/businesses/me',
    { ...business, logourl: `javascript:alert('logo')` },
    400,
  );
  expect(refused.message).toBe('Logo URL must be a web address starting with http:// or https://.');
  await api(token, 'POST', `/api/businesses/${businessid}/posts`, { content: CORPUS_LINES });

  const [type] = await api<Array<{ vouchertypeid: number }>>(token, 'GET', '/api/voucher-types');
  const vouchers: Array<{ voucherid: string; title: string }> = [];
  for (const n of [0, 7, 11]) {
    const body = {
      title: payload(n),
      description: CORPUS_LINES,
      rules: CORPUS_LINES,
      vouchertypeid: type!.vouchertypeid,
      value: '5',
      startdate: day(0),
      enddate: day(30),
    };
    vouchers.push(await api(token, 'POST', `/api/businesses/${businessid}/vouchers`, body));
  }

  // The third is archived: its details show under Archived.
  await api(token, 'DELETE', `/api/vouchers/${vouchers[2]!.voucherid}`);

  const resource = await api<{ resourceid: string }>(token, 'POST', '/api/booking-resources', {
    resourcename: payload(9),
    description: CORPUS_LINES,
    capacity: 4,
  });
  for (let dayofweek = 0; dayofweek < 7; dayofweek++)
    await api(token, 'POST', '/api/availability', {
      resourceid: resource.resourceid,
      dayofweek,
      starttime: '00:00',
      endtime: '23:30',
    });
  const closures = [payload(2), payload(5), payload(10)];
  for (const [n, reason] of closures.entries())
    await api(token, 'POST', '/api/booking-closures', {
      resourceid: n === 0 ? null : resource.resourceid,
      startdate: day(20 + n),
      reason,
    });

  // Customers of the app, named with the corpus, through the customer API.
  const people = CORPUS.map((first, n) => ({
    firstName: first,
    lastName: payload(n + 6),
    email: uniqueEmail('xss-customer'),
    password: 'Customer#2026xss',
  }));
  const mailbox = mailboxOverHttp(call);
  const tokens = await Promise.all(people.map((p) => createCustomer(call, userPool, p, mailbox)));
  for (const customerToken of tokens) await followBusiness(call, customerToken, businessid);
  await sendMessage(call, tokens[0]!, businessid, CORPUS_LINES);
  await sendMessage(call, tokens[1]!, businessid, payload(4));
  const { code } = await claimVoucher(call, tokens[0]!, vouchers[0]!.voucherid);

  // Tomorrow at noon (UTC): open in any zone within eleven hours of it.
  const start = new Date(`${day(1)}T12:00:00Z`);
  await api(token, 'POST', '/api/bookings', {
    resourceid: resource.resourceid,
    customerEmail: people[0]!.email,
    bookingstarttime: start.toISOString(),
    bookingendtime: new Date(start.getTime() + 3_600_000).toISOString(),
    partysize: 2,
    notes: CORPUS_LINES,
  });
  return { owner, business, vouchers, resource: payload(9), closures, people, code, bookingDay: start };
}

/** Waits until the page shows every text in `expected`, then checks that nothing was injected. */
async function expectInert(page: Page, where: string, expected: string[], seen: { dialogs: string[] }) {
  await expect
    .poll(
      async () => {
        const { text } = await inspectPage(page);
        return expected.filter((t) => !text.includes(t));
      },
      { timeout: 10_000, message: `${where}: every planted text shows literally` },
    )
    .toEqual([]);
  const found = await inspectPage(page);
  expect(found.injected, `${where}: injected elements`).toEqual([]);
  expect(found.canary, `${where}: window.__xss`).toBeUndefined();
  expect(found.jwtInDom, `${where}: a JWT in the DOM`).toBe(false);
  expect(seen.dialogs, `${where}: dialogs`).toEqual([]);
}

const COGNITO = 'CognitoIdentityServiceProvider.';

/** Every key and value this origin keeps: both storages, the cookies script can read, IndexedDB's names. */
const storedOf = (page: Page) =>
  page.evaluate(async () => {
    const cookies = document.cookie ? document.cookie.split(';').map((c) => c.trim()) : [];
    const storages = [localStorage, sessionStorage];
    return {
      keys: [
        ...storages.flatMap((s) => Object.keys(s)),
        ...cookies.map((c) => c.split('=')[0]!),
        ...(await indexedDB.databases()).map((d) => d.name ?? ''),
      ],
      values: [...storages.flatMap((s) => Object.values(s) as string[]), ...cookies],
    };
  });

describe.runIf(available)('the browser security sweep', () => {
  const browser = useBrowser();

  test('every page, an unknown path and the built assets answer with the promised security headers', async () => {
    const paths = [...PAGES.map((p) => p.path), ...AUTH_PAGES.map((p) => p.path), '/no-such-page/at/all'];
    const html = await (await call('/login')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    // A photo of the demo feed (uploaded content, served from this origin), and the development mailbox.
    const demo = await signInCustomer(call, await pool(), stack.demo.email, stack.demo.password);
    const posts = await api<Array<{ imageurl: string | null }>>(demo, 'GET', '/api/businesses/me/posts');
    const photo = new URL(posts.find((p) => p.imageurl)!.imageurl!, stack.baseUrl).pathname;
    const others = [
      ...['/config.json', '/assets/no-such-chunk.js', '/api/businesses/me', '/healthz', photo],
      ...['/dev/mailbox', '/dev/mailbox.css'],
    ];
    const answers = await Promise.all(
      [...paths, ...assets, ...others].map(async (path) => {
        const response = await call(path);
        await response.arrayBuffer();
        return { path, status: response.status, problems: headerProblems(response.headers) };
      }),
    );
    expect(answers.filter((a) => a.problems.length > 0)).toEqual([]);
    // Pages are the SPA; the missing chunk and the API without a token are refused, still with the headers.
    expect(answers.filter((a) => paths.includes(a.path)).every((a) => a.status === 200)).toBe(true);
    expect(answers.find((a) => a.path === '/assets/no-such-chunk.js')?.status).toBe(404);
    expect(answers.find((a) => a.path === '/api/businesses/me')?.status).toBe(401);
  });

  test('the corpus in every free-text field renders as text on every page; no CSP violation, no token; sign-out clears Cognito', async () => {
    const planted = await plantCorpus();
    const { context, page, problems } = await openPage(browser(), 1280);
    const seen = { dialogs: [] as string[], console: [] as Array<Promise<string>> };
    page.on('dialog', (dialog) => {
      seen.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // The text and every argument as JSON: a token inside a logged object counts too.
    page.on('console', (message) =>
      seen.console.push(
        Promise.all(message.args().map((arg) => arg.jsonValue().then(JSON.stringify, () => ''))).then(
          (args) => `${message.text()} ${args.join(' ')}`,
        ),
      ),
    );
    try {
      await signIn(page, planted.owner.email, planted.owner.password);
      const [c0, c1] = planted.people;
      const name = (p: { firstName: string; lastName: string }) => [p.firstName, p.lastName];

      // Dashboard: the business name, the post, the owner's first name in the composer's placeholder.
      await page.getByRole('region', { name: 'Your Feed' }).getByRole('article').first().waitFor();
      await expectInert(page, 'the dashboard', [planted.business.businessname, CORPUS_LINES], seen);
      expect(await page.getByLabel('Post text').getAttribute('placeholder')).toBe(
        `What's on your mind, ${payload(1)}?`,
      );

      // The profile dialog: every field holds the text as typed.
      await page.getByRole('button', { name: 'Profile' }).click();
      const profile = page.getByRole('dialog', { name: 'Business Profile' });
      await profile.getByLabel('Business Name').waitFor();
      await expectInert(page, 'the profile dialog', Object.values(planted.business), seen);
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'detached' });

      // Vouchers: the titles in the table; the edit form with description and rules; the QR dialog.
      await page.goto('/vouchers');
      await page.getByRole('table').waitFor();
      await expectInert(
        page,
        'Voucher Management',
        planted.vouchers.slice(0, 2).map((v) => v.title),
        seen,
      );
      await page.getByRole('button', { name: `Edit ${planted.vouchers[0]!.title}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Voucher' });
      await form.getByLabel('Rules').waitFor();
      await expectInert(page, 'the voucher form', [planted.vouchers[0]!.title, CORPUS_LINES], seen);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Show QR Code for ${planted.vouchers[1]!.title}` }).click();
      const qr = page.getByRole('dialog', { name: 'Issue Voucher via QR Code' });
      await qr.getByRole('img').waitFor();
      await expectInert(page, 'the QR dialog', [], seen);
      await page.keyboard.press('Escape');
      await qr.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Archived' }).click();
      await page.getByRole('button', { name: `View ${planted.vouchers[2]!.title}` }).click();
      await page.getByRole('dialog', { name: 'Archived Voucher Details' }).waitFor();
      await expectInert(page, 'Archived Voucher Details', [planted.vouchers[2]!.title, CORPUS_LINES], seen);
      await page.keyboard.press('Escape');

      // Redeem: the claimed voucher looked up by its code.
      await page.goto('/vouchers/redeem');
      await page.getByLabel('Voucher code').fill(planted.code);
      await page.getByRole('button', { name: 'Look Up' }).click();
      await page.getByRole('article').waitFor();
      await expectInert(page, 'Redeem a Voucher', [planted.vouchers[0]!.title, CORPUS_LINES], seen);

      // Booking Setup: the resource and the closures' reasons.
      await page.goto('/bookings/setup');
      await expectInert(page, 'Booking Setup', [planted.resource, CORPUS_LINES, ...planted.closures], seen);

      // The calendar: the booking, and its details with the customer's name and the notes.
      await page.goto('/bookings/calendar');
      await page.locator('.rbc-time-view').waitFor();
      if (planted.bookingDay.getUTCDay() === 1) await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('.rbc-event').first().click();
      const details = page.getByRole('dialog', { name: 'Booking Details' });
      await details.waitFor();
      await expectInert(page, 'Booking Details', [planted.resource, ...name(c0!), CORPUS_LINES], seen);
      await page.keyboard.press('Escape');

      // Followers: every customer's name, and one's details.
      await page.goto('/customers');
      await page.locator('.follower-name').first().waitFor();
      await expectInert(page, 'Your Followers', planted.people.flatMap(name), seen);
      const follower = page.locator('.follower-name').first();
      const followerName = (await follower.textContent()) ?? '';
      await follower.click();
      await page.getByRole('dialog', { name: 'Follower Details' }).waitFor();
      await expectInert(page, 'Follower Details', [followerName], seen);
      await page.keyboard.press('Escape');

      await page.goto('/package');
      await page.getByRole('heading', { name: 'My Package', level: 1 }).waitFor();
      await expectInert(page, 'My Package', [], seen);

      // Messages: the conversations with corpus names; the owner answers with the corpus in the chat.
      await page.getByRole('button', { name: /^Messages/ }).click();
      const panel = page.getByRole('dialog', { name: 'Messages' });
      await expectInert(page, 'the Messages panel', [...name(c0!), ...name(c1!), payload(4)], seen);
      await panel.locator('.conversation-name').filter({ hasText: c0!.lastName }).click();
      await panel.getByRole('button', { name: 'Open full conversation' }).click();
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(CORPUS_LINES);
      await box.press('Enter');
      await page.locator('.chat-message.from-business').first().waitFor();
      await expect.poll(() => box.inputValue()).toBe('');
      await expectInert(page, 'the chat', [...name(c0!)], seen);
      const bubbles = await page.locator('.chat-message').allTextContents();
      expect(bubbles.filter((b) => b.includes(CORPUS_LINES)).length).toBe(2);
      await page.keyboard.press('Escape');

      // A path the portal does not have shows the dashboard.
      await page.goto('/no-such-page');
      await page.getByRole('region', { name: 'Your Feed' }).waitFor();
      await expectInert(page, 'an unknown path', [planted.business.businessname], seen);

      // The development mailbox: the mails to the customers greet them by their corpus names.
      await page.goto('/dev/mailbox');
      await expectInert(
        page,
        'the development mailbox',
        CORPUS.map((first) => `Hi ${first},`),
        seen,
      );
      await page.goto('/');
      await page.getByRole('region', { name: 'Your Feed' }).waitFor();

      expect(problems, 'console errors and CSP violations').toEqual([]);

      // Sign Out: no Cognito key and no token is left anywhere the browser keeps data for this origin,
      // also when the revocation call cannot reach the server (Amplify must still clear the tokens).
      let refusedRevocations = 0;
      for (const revocation of ['reaches the server', 'fails'] as const) {
        if (revocation === 'fails') {
          await signIn(page, planted.owner.email, planted.owner.password);
          await page.route(
            (url) => url.pathname.startsWith('/cognito'),
            (route) => {
              if (!route.request().headers()['x-amz-target']?.endsWith('.RevokeToken')) return route.fallback();
              refusedRevocations++;
              return route.abort();
            },
          );
        }
        const before = await storedOf(page);
        expect(
          before.keys.some((k) => k.startsWith(COGNITO)),
          'signed in: Amplify keeps its tokens',
        ).toBe(true);
        await page.getByRole('button', { name: 'Sign Out' }).click();
        await page.getByRole('form', { name: 'Sign in' }).waitFor();
        const after = await storedOf(page);
        expect(
          after.keys.filter((k) => k.startsWith(COGNITO)),
          `revocation ${revocation}`,
        ).toEqual([]);
        expect(
          after.values.filter((value) => JWT.test(value)),
          `revocation ${revocation}`,
        ).toEqual([]);
        expect((await context.cookies()).filter((c) => c.name.startsWith(COGNITO) || JWT.test(c.value))).toEqual([]);
        if (revocation === 'fails') continue;
        // Signed out: the auth pages and an unknown path (to /login?redirect=...), same checks.
        for (const path of [...AUTH_PAGES.map((p) => p.path), '/no-such-page']) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectInert(page, `${path} signed out`, [], seen);
        }
        expect(problems, 'console errors and CSP violations, signed out').toEqual([]);
      }
      // Amplify retries a failed call: at least one attempt, none reached the server.
      expect(refusedRevocations, 'the second Sign Out tried to revoke and could not').toBeGreaterThanOrEqual(1);
      const consoleLines = await Promise.all(seen.console);
      expect(consoleLines.length, 'the walk logged something (the listener works)').toBeGreaterThan(0);
      expect(
        consoleLines.filter((line) => JWT.test(line)),
        'a JWT in the console',
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the server's log (requests logged) holds no JWT", () => {
    const log = readFileSync(stack.logFile, 'utf8');
    // The walk above signed in, so the log has seen identity calls and API requests with bearer tokens.
    expect(log).toMatch(/POST \/cognito\/? \(InitiateAuth\) 200/);
    expect(log).toMatch(/GET \/api\/businesses\/me 200/);
    expect(log).toMatch(/\(RevokeToken\) 200/);
    expect(log.split('\n').filter((line) => JWT.test(line))).toEqual([]);
  });
});
