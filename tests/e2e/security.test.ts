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
import { signInCustomer } from '../../server/sim/customers.ts';
import { available, openPage, signIn, stack, useBrowser } from './support/browser.ts';
import { api, call, plantCorpus, pool } from './support/corpus-business.ts';
import { CORPUS, CORPUS_LINES, DOCUMENT_TYPE, headerProblems, inspectPage, JWT, payload } from './support/sweep.ts';

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

  test('every page, an unknown path and the built assets answer with the promised security headers: pages the policy, every answer nosniff', async () => {
    const paths = [...PAGES.map((p) => p.path), ...AUTH_PAGES.map((p) => p.path), '/no-such-page/at/all'];
    const html = await (await call('/login')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    // A photo of the demo feed (uploaded content, served from this origin), and the development mailbox.
    const demo = await signInCustomer(call, await pool(), stack.demo.email, stack.demo.password);
    const posts = await api<Array<{ imageurl: string | null }>>(demo, 'GET', '/api/businesses/me/posts');
    const { mediaBaseUrl } = (await (await call('/config.json')).json()) as { mediaBaseUrl: string };
    const photo = new URL(`${mediaBaseUrl}${posts.find((p) => p.imageurl)!.imageurl}`, stack.baseUrl).pathname;
    const others = [
      ...['/config.json', '/assets/no-such-chunk.js', '/api/businesses/me', '/healthz', photo],
      ...['/dev/mailbox', '/dev/mailbox.css'],
    ];
    const answers = await Promise.all(
      [...paths, ...assets, ...others].map(async (path) => {
        const response = await call(path);
        await response.arrayBuffer();
        const [type, csp] = [response.headers.get('content-type'), response.headers.get('content-security-policy')];
        return { path, status: response.status, type, csp, problems: headerProblems(response.headers, path) };
      }),
    );
    expect(answers.filter((a) => a.problems.length > 0)).toEqual([]);
    // Pages are the SPA: documents, each with the page policy (checked above, by type); the mailbox too.
    // The missing chunk and the API without a token are refused, still with the headers.
    const pages = answers.filter((a) => paths.includes(a.path) || a.path === '/dev/mailbox');
    expect(pages.filter((a) => a.status !== 200 || !DOCUMENT_TYPE.test(a.type ?? '') || !a.csp)).toEqual([]);
    // The JSON answers carry no page policy: JSON under nosniff is never rendered as a page.
    const json = answers.filter((a) => ['/config.json', '/api/businesses/me', '/healthz'].includes(a.path));
    expect(json.map((a) => [a.path, a.type?.startsWith('application/json'), a.csp])).toEqual(
      json.map((a) => [a.path, true, null]),
    );
    expect(answers.find((a) => a.path === '/assets/no-such-chunk.js')?.status).toBe(404);
    expect(answers.find((a) => a.path === '/api/businesses/me')?.status).toBe(401);
    // An uploaded photo keeps its own, stricter policy: sandboxed, nothing may load from it.
    expect(answers.find((a) => a.path === photo)).toMatchObject({
      status: 200,
      type: expect.stringMatching(/^image\//),
      csp: expect.stringMatching(/^default-src 'none'; sandbox;/),
    });
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
    // Every answer this origin gives the browser during the walk (pages, chunks, API, identity, photos).
    const answered = new Map<string, string[]>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(stack.baseUrl).origin) return;
      answered.set(
        `${response.request().method()} ${url.pathname} ${response.status()}`,
        headerProblems(new Headers(response.headers()), url.pathname),
      );
    });
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
      // A control character (a terminal escape) is refused with a message naming the field; nothing saved.
      await profile.getByLabel('Business Name').fill(`\u001b[31m${planted.business.businessname}`);
      await profile.getByRole('button', { name: 'Save Profile' }).click();
      await profile.getByText('Business name must not contain control characters.').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
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

      // Every signed-in page of pages.ts, so a page added later is swept too.
      for (const row of PAGES) {
        await page.goto(row.path);
        await expect.poll(() => page.title()).toContain(`${row.title} · `);
        await page.waitForLoadState('networkidle');
        await expectInert(page, row.path, [], seen);
      }

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
      expect(answered.size, 'answers seen').toBeGreaterThan(30);
      expect(
        [...answered].filter(([, wrong]) => wrong.length > 0),
        'answers without the security headers',
      ).toEqual([]);

      // Sign Out: no Cognito key and no token is left anywhere the browser keeps data for this origin,
      // also when the revocation call cannot reach the server (Amplify must still clear the tokens).
      let refusedRevocations = 0;
      for (const revocation of ['reaches the server', 'fails'] as const) {
        if (revocation === 'fails') {
          // Another owner signs in on the same tab, no reload: nothing of the first one's business is left.
          await signIn(page, stack.demo.email, stack.demo.password);
          await page.getByRole('region', { name: 'Your Feed' }).getByRole('article').first().waitFor();
          await page.getByRole('button', { name: /^Messages/ }).click();
          await page.getByRole('dialog', { name: 'Messages' }).locator('.conversation-name').first().waitFor();
          const { text } = await inspectPage(page);
          expect(text).toContain('Harbour Lane Coffee');
          expect(
            CORPUS.filter((piece) => text.includes(piece)),
            'the previous owner on screen',
          ).toEqual([]);
          await page.keyboard.press('Escape');
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
    // Every page signed in, then signed out twice (revocation answered and refused): 55-65 s when the
    // two cores also run two other browser files and their stacks.
  }, 180_000);

  test("the server's log (requests logged) holds no JWT, also after forged and garbled tokens", async () => {
    const { clientId } = await pool();
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'forged', 'cognito:groups': ['BusinessOwners'], token_use: 'access', exp: 4_102_444_800 };
    const tokens = [
      `${b64({ alg: 'RS256', kid: 'forged' })}.${b64(claims)}.c2lnbmF0dXJl`,
      `${b64({ alg: 'none' })}.${b64(claims)}.`,
      // JWT-shaped, but neither part is JSON: whatever parses it must not quote it in an error line.
      'eyJhbGciOi.eyJzdWIi{not-json.x',
    ];
    const identity = (operation: string, body: unknown) =>
      call('/cognito/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      });
    const probes = tokens.flatMap(
      (token) =>
        [
          ['owner API', call('/api/businesses/me', { headers: { authorization: `Bearer ${token}` } })],
          ['customer API', call('/api/customer/me', { headers: { authorization: `Bearer ${token}` } })],
          ['GetUser', identity('GetUser', { AccessToken: token })],
          ['GlobalSignOut', identity('GlobalSignOut', { AccessToken: token })],
          [
            'GetTokensFromRefreshToken',
            identity('GetTokensFromRefreshToken', { RefreshToken: token, ClientId: clientId }),
          ],
          [
            'InitiateAuth',
            identity('InitiateAuth', {
              AuthFlow: 'REFRESH_TOKEN_AUTH',
              ClientId: clientId,
              AuthParameters: { REFRESH_TOKEN: token },
            }),
          ],
          // Revoking a token the server does not know is a quiet 200, as with Cognito and RFC 7009.
          ['RevokeToken', identity('RevokeToken', { Token: token, ClientId: clientId })],
        ] as const,
    );
    const statuses = await Promise.all(probes.map(async ([what, answer]) => `${what} ${(await answer).status}`));
    // Every forgery is refused as the caller's mistake, never a server failure.
    expect(statuses.filter((line) => !/ 4\d\d$|^RevokeToken 200$/.test(line))).toEqual([]);
    await call('/api/public/log-probe-done');
    await expect.poll(() => readFileSync(stack.logFile, 'utf8')).toMatch(/GET \/api\/public\/log-probe-done 404/);

    const log = readFileSync(stack.logFile, 'utf8');
    // The walk above signed in and out, so the log has seen identity calls and API requests with bearer tokens.
    expect(log).toMatch(/POST \/cognito\/? \(InitiateAuth\) 200/);
    expect(log).toMatch(/GET \/api\/businesses\/me 200/);
    expect(log).toMatch(/\(RevokeToken\) 200/);
    expect(log.split('\n').filter((line) => JWT.test(line))).toEqual([]);
  });
});
