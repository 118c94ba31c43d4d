import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { root } from '../../../scripts/lib/build.ts';
import { launchChromium, mailLink, type StackInfo } from '../../../scripts/lib/stack.ts';
import type { StackStatus } from '../global-setup.ts';

/**
 * One stack of the pool (tests/e2e/global-setup.ts) for a whole file, and no other file on it meanwhile:
 * the first that is up and free (a lease is a directory, made atomically), waiting while all are taken or
 * still starting. Taken by tests/e2e/setup.ts before each file's tests, given back after its last afterAll.
 */
export async function leaseStack(): Promise<{ stack: StackInfo; release: () => void }> {
  if (!('dir' in pool)) throw new Error(pool.unavailable);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const failures: string[] = [];
    for (let n = 0; n < pool.count; n++) {
      const statusFile = path.join(pool.dir, `stack-${n}.json`);
      if (!existsSync(statusFile)) continue;
      const status = JSON.parse(readFileSync(statusFile, 'utf8')) as StackStatus;
      if ('failed' in status) {
        failures.push(status.failed);
        continue;
      }
      const lease = path.join(pool.dir, `lease-${n}`);
      try {
        mkdirSync(lease);
      } catch {
        continue;
      }
      const release = () => {
        process.off('exit', release);
        rmSync(lease, { recursive: true, force: true });
      };
      process.once('exit', release);
      return { stack: status.ready, release };
    }
    if (failures.length === pool.count) throw new Error(`no browser-test stack came up:\n${failures.join('\n')}`);
    if (Date.now() > deadline) throw new Error('no browser-test stack was free within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const pool = inject('e2e');
export const available = 'dir' in pool;
/**
 * The running file's stack (empty when Chromium is missing: the tests are `describe.runIf(available)`).
 * A worker runs browser file after browser file with this module loaded once (vitest.config.ts), so this
 * object is filled anew by tests/e2e/setup.ts with the stack each file leases; read it when a test runs.
 */
export const stack = {} as StackInfo;

/** Unique per run and per call, so a test never meets an account of an earlier run or test. */
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let counter = 0;
export const uniqueEmail = (tag: string) => `${tag}.${run}.${++counter}@e2e.local`;

/**
 * Debian's Chromium with a fresh profile (never a browser download), one per test file: launched
 * before its tests, closed after them. Call inside a describe; use the returned getter in tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(stack.chromium);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: call useBrowser() inside a describe block.');
    return browser;
  };
}

/** A page whose console errors, uncaught errors and CSP violations are collected in `problems`. */
export async function openPage(
  browser: Browser,
  width = 1280,
  signedIn?: StoredItems,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 860 },
    baseURL: stack.baseUrl,
    permissions: [],
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // A 4xx the flow expects (wrong password, 401 before redirect) is logged by Chromium as a failed resource.
    if (/Failed to load resource: the server responded with a status of (400|401|403|404)/.test(text)) return;
    problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // CSP violations reach the console as errors too; the event catches report-only ones as well.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  // The stored items go in before the app's first script, once per tab: a sign-out and a reload then
  // find them gone, as after a real sign-out. (Playwright's storageState option opens an extra page per
  // context to write them, about half a second each.)
  if (signedIn)
    await context.addInitScript((items: StoredItems) => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, signedIn);
  return { context, page, problems };
}

/**
 * Runs one journey in a fresh browser context. When it fails, the error names the page it was on and
 * any console problems, and a screenshot of that moment goes to test-results/ (git-ignored).
 */
export async function withPage(
  browser: Browser,
  width: number,
  journey: (tab: { page: Page; problems: string[] }) => Promise<void>,
  /** What the context's localStorage holds before the app starts (a session: `SignedInStorage`). */
  signedIn?: StoredItems,
): Promise<void> {
  const { context, page, problems } = await openPage(browser, width, signedIn);
  try {
    await journey({ page, problems });
  } catch (error) {
    const name = (expect.getState().currentTestName ?? 'e2e').replace(/[^\w-]+/g, '-').slice(0, 120);
    const file = path.join(root, 'test-results', `${name}.png`);
    mkdirSync(path.dirname(file), { recursive: true });
    const shot = await page.screenshot({ path: file }).then(
      () => file,
      () => 'none',
    );
    if (error instanceof Error)
      error.message += `\n  on ${page.url()}; screenshot: ${shot}; console problems: ${problems.join(' | ') || 'none'}`;
    throw error;
  } finally {
    await context.close();
  }
}

/** Serious or critical accessibility violations on the current page (axe-core). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Let finite transitions end first: a button whose colours are still fading fails color-contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Once per document: compiling axe's half a megabyte again cost Chromium about a quarter of a CPU-second.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails the test on any serious or critical axe violation of what is on screen now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${what} (${page.url()})`).toEqual([]);
}

export const latestMailLink = (to: string, pathname: string) => mailLink(stack.baseUrl, to, pathname);

/** The path and query of the page, e.g. "/login?redirect=%2Fvouchers". */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /login and waits for the portal (the Sign Out button of the top bar). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
}

/** localStorage items of the stack's origin (Amplify's tokens, after a sign-in). */
export type StoredItems = { name: string; value: string }[];

/**
 * A person signed in once through /login, for the many journeys of a file that start signed in: a fresh
 * context starts with the localStorage that sign-in left (Amplify's tokens) instead of signing in again,
 * which saves SRP and two page loads (about 2 s) each. Before each reuse the stack is asked whether it
 * still takes the access token (a password reset signs every session out): when it does not, the next
 * journey signs in through /login again and keeps its storage instead.
 */
export class SignedInStorage {
  private kept: StoredItems | undefined;
  constructor(
    private readonly email: string,
    private readonly password: string,
  ) {}

  /** The items to open a context with, or undefined: then call `signIn` on the journey's page. */
  async reusable(): Promise<StoredItems | undefined> {
    const token = this.kept?.find((item) => item.name.endsWith('.accessToken'))?.value;
    if (!token) return undefined;
    const me = await fetch(new URL('/api/users/me', stack.baseUrl), { headers: { Authorization: `Bearer ${token}` } });
    if (me.ok) return this.kept;
    this.kept = undefined;
    return undefined;
  }

  /** Signs in from /login on this page (a context opened without storage) and keeps what it stored. */
  async signIn(page: Page): Promise<void> {
    await signIn(page, this.email, this.password);
    const { origins } = await page.context().storageState();
    this.kept = origins.find((o) => o.origin === new URL(stack.baseUrl).origin)?.localStorage;
  }

  /**
   * `withPage` for a journey that starts signed in as this person, on the dashboard as signing in leaves
   * it: opened with the stored session while the stack still takes it, else signed in through /login (and
   * that session kept). `prepare` runs on the fresh page first (e.g. a clock installed before the app loads).
   */
  async journey(
    browser: Browser,
    width: number,
    journey: (tab: { page: Page; problems: string[] }) => Promise<void>,
    prepare?: (page: Page) => Promise<void>,
  ): Promise<void> {
    const session = await this.reusable();
    await withPage(
      browser,
      width,
      async (tab) => {
        await prepare?.(tab.page);
        if (session) {
          await tab.page.goto('/');
          await tab.page.getByRole('button', { name: 'Sign Out' }).waitFor();
        } else await this.signIn(tab.page);
        await journey(tab);
      },
      session,
    );
  }
}

/**
 * A confirmed owner through the public API and the verification link, as a browser would do it; for
 * tests whose journey starts after registration (the registration journey itself uses the pages).
 */
export async function registeredOwner(tag: string, firstName = 'Robin') {
  const owner = {
    email: uniqueEmail(tag),
    password: 'Owner#2026pass',
    firstName,
    businessName: `${firstName}'s Bakery`,
  };
  const response = await fetch(`${stack.baseUrl}/api/public/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ ...owner, lastName: 'Tester' }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const token = new URL(await latestMailLink(owner.email, '/verify-email')).searchParams.get('token') ?? '';
  const verified = await fetch(`${stack.baseUrl}/api/public/verify-email?token=${encodeURIComponent(token)}`);
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
  return owner;
}
