/**
 * The bundle budget (issue 13), in CI: the files scripts/lib/bundle.ts counts for /login are exactly the
 * JavaScript Chromium fetches to render it, and they, the login CSS and the calendar chunk stay within
 * their budgets (docs/benchmarks.md, "Bundle"). The identity client is left out of that first load and
 * arrives when the sign-in form is first touched; signing in still works.
 */
import type { Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PAGE_GETS, SESSION_GETS } from '#src/app/owners.ts';
import {
  BUDGET_KB,
  identityChunk,
  kb,
  loginLoad,
  overBudget,
  readManifest,
  signedInLoads,
  total,
} from '../../scripts/lib/bundle.ts';
import { available, fillSignIn, signIn, stack, useBrowser, withPage } from './support/browser.ts';

describe.runIf(available)('bundle budget', () => {
  const browser = useBrowser();

  test('/login loads exactly the JS the budget counts, within budget; the sign-in client comes on first touch', async () => {
    const manifest = readManifest();
    const login = loginLoad(manifest);
    await withPage(browser(), 1280, async ({ page, problems }) => {
      const scripts = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
      });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect([...scripts].sort(), 'the JS Chromium fetched for /login').toEqual(login.js);

      const identity = page.waitForRequest((request) => request.url().endsWith(`/${identityChunk(manifest)}`));
      await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').focus();
      await identity;
      await fillSignIn(page, stack.demo.email, stack.demo.password);
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(problems).toEqual([]);
    });
    expect(overBudget(manifest), `/login JS is ${kb(total(login.js)).toFixed(1)} KB of ${BUDGET_KB.loginJs}`).toEqual(
      [],
    );
  });

  test('a signed-in reload of each page fetches exactly its counted JS, and its first GETs once, early', async () => {
    const loads = signedInLoads(readManifest());
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await signIn(page, stack.demo.email, stack.demo.password);
      for (const load of loads) {
        const scripts = new Set<string>();
        const calls: string[] = [];
        const record = (request: Request) => {
          const url = new URL(request.url());
          if (url.pathname.endsWith('.js')) scripts.add(url.pathname.slice(1));
          if (url.pathname.startsWith('/api/') && request.method() === 'GET') calls.push(url.pathname + url.search);
        };
        page.on('request', record);
        await page.goto(load.route);
        await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Loading' }).first().waitFor();
        await page.waitForLoadState('networkidle');
        page.off('request', record);
        // The boot entry sent the session's first GETs and the page's (src/app/owners.ts); the app took
        // those answers instead of asking again.
        expect(calls.slice(0, SESSION_GETS.length).sort(), `${load.route}: the first GETs`).toEqual(
          [...SESSION_GETS].sort(),
        );
        const early = [...SESSION_GETS, ...(PAGE_GETS[load.route] ?? [])];
        const twice = early.filter((call) => calls.filter((sent) => sent === call).length !== 1);
        expect(twice, `${load.route}: early GETs not sent exactly once`).toEqual([]);
        expect([...scripts].sort(), `${load.route}: the JS Chromium fetched`).toEqual(load.js);
      }
      expect(problems).toEqual([]);
    });
  });
});
