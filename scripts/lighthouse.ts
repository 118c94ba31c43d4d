/**
 * Lighthouse (mobile preset) on the portal as `npm start` serves it (the production build, a fresh data
 * directory with the demo business): /login signed out, then /, /vouchers and /bookings/calendar signed in
 * as the demo owner. Thresholds: performance ≥ 98, accessibility 100, best practices 100. Prints each
 * page's categories, its metrics and every audit that is not passed; exits 1 below a threshold.
 *
 * One Debian Chromium (fresh profile, the team's flags, every host but loopback unresolvable: offline).
 * Playwright signs in over its debugging port; Lighthouse then runs with storage reset off, so the
 * session stays, and the HTTP cache is cleared before each page, so every run loads cold.
 *
 *   npm run lighthouse                     # all four pages
 *   npm run lighthouse -- /bookings/calendar /login
 *
 * Reports: test-results/lighthouse/<page>.json (git-ignored). Scores move with machine load: measure on
 * a quiet machine (docs/benchmarks.md).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { root } from './lib/build.ts';
import { CHROMIUM_FLAGS, findChromium, startStack } from './lib/stack.ts';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const THRESHOLDS: Record<string, number> = { performance: 98, accessibility: 100, 'best-practices': 100 };
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/vouchers', signedIn: true },
  { path: '/bookings/calendar', signedIn: true },
];
const FLAGS = [
  '--headless',
  ...CHROMIUM_FLAGS,
  // Offline: nothing but this machine resolves.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

const wanted = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const pages = wanted.length > 0 ? PAGES.filter((p) => wanted.includes(p.path)) : PAGES;
if (pages.length === 0) throw new Error(`No such page; choose from ${PAGES.map((p) => p.path).join(' ')}`);

const chromiumPath = findChromium();
if (!chromiumPath) throw new Error('Chromium is not installed (apt-get install chromium).');
const reports = path.join(root, 'test-results', 'lighthouse');
mkdirSync(reports, { recursive: true });

console.log('Starting the portal (npm start: build when stale, fresh data directory)...');
const stack = await startStack(chromiumPath, { cliUsers: false });
const userDataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: FLAGS, userDataDir });
let failed = false;
try {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  let signedIn = false;

  for (const target of pages) {
    if (target.signedIn && !signedIn) {
      const page = await context.newPage();
      await page.goto(`${stack.baseUrl}/login`);
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email').fill(stack.demo.email);
      await form.getByLabel('Password').fill(stack.demo.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 60_000 });
      await page.close();
      signedIn = true;
    }
    if (!target.signedIn && signedIn) throw new Error('List signed-out pages first.');
    // A run whose trace broke (Lighthouse's NO_NAVSTART, NO_FCP, ...) says nothing about the page: run again.
    let lhr: Result | undefined;
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Cold HTTP cache for every run; the session (localStorage) stays.
      const tab = await context.newPage();
      const session = await context.newCDPSession(tab);
      await session.send('Network.clearBrowserCache');
      await session.detach();
      await tab.close();
      const result = await lighthouse(`${stack.baseUrl}${target.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(THRESHOLDS),
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
      lhr = result.lhr;
      if (!lhr.runtimeError) break;
      console.log(`  (${target.path}: Lighthouse run ${attempt} failed: ${lhr.runtimeError.code}; running it again)`);
    }
    if (!lhr) throw new Error('unreachable');
    const name = target.path === '/' ? 'dashboard' : target.path.slice(1).replace(/\//g, '-');
    writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr, null, 1));

    if (lhr.runtimeError) {
      console.log(`\n${target.path}: Lighthouse failed three times (${lhr.runtimeError.message})`);
      failed = true;
      continue;
    }
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    console.log(`\n${target.path}${landed !== target.path ? ` (ended on ${landed})` : ''}`);
    if (landed !== target.path) failed = true;
    for (const [id, minimum] of Object.entries(THRESHOLDS)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const verdict = score >= minimum ? 'ok' : `BELOW ${minimum}`;
      if (score < minimum) failed = true;
      console.log(`  ${lhr.categories[id]?.title ?? id}: ${score} ${verdict}`);
    }
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(`  ${metrics.map((id) => `${lhr.audits[id]?.title}: ${lhr.audits[id]?.displayValue}`).join(' · ')}`);
    for (const category of Object.keys(THRESHOLDS)) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9) continue;
        if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
        if (category === 'performance' && ref.weight === 0 && audit.score >= 0.5) continue;
        console.log(
          `    ✗ [${category}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        );
      }
    }
  }
} finally {
  chrome.kill();
  rmSync(userDataDir, { recursive: true, force: true });
  await stack.stop();
}
console.log(
  failed
    ? '\nBelow a threshold (performance ≥ 98, accessibility 100, best practices 100).'
    : '\nEvery page meets the thresholds.',
);
process.exit(failed ? 1 : 0);
