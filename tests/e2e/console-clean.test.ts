/**
 * No page load writes to the console (issue 26): every signed-out and every signed-in page, each opened
 * as a fresh load (so preload hints, the identity client's set-up and the first requests all run), and
 * left a few seconds (Chromium says "preloaded but not used" about three seconds after the load).
 * Any warning or error fails, with its text.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AUTH_PAGES, PAGES } from '#src/app/pages.ts';
import { available, registeredOwner, signIn, stack, useBrowser } from './support/browser.ts';

const SETTLE_MS = 3_500;

async function visit(page: Page, path: string, heard: string[]) {
  const before = heard.length;
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  // What Chromium words as "preloaded using link preload but not used within a few seconds": a style
  // preloaded by index.html that no stylesheet of the page took up.
  const unused = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')]
      .filter((preload) => ![...document.styleSheets].some((sheet) => sheet.href === preload.href))
      .map((preload) => `warning: ${new URL(preload.href).pathname} was preloaded but not used`),
  );
  return [...heard.slice(before), ...unused].map((m) => `${path}: ${m}`);
}

describe.runIf(available)('the console on every page load', () => {
  const browser = useBrowser();

  test('stays silent signed out and signed in: no warning, no error', async () => {
    const owner = await registeredOwner('console', 'Cleo');
    const context = await browser().newContext({ viewport: { width: 1280, height: 860 }, baseURL: stack.baseUrl });
    const page = await context.newPage();
    const heard: string[] = [];
    const listen = (m: ConsoleMessage) => {
      if (m.type() === 'warning' || m.type() === 'error') heard.push(`${m.type()}: ${m.text()}`);
    };
    page.on('console', listen);
    page.on('pageerror', (e) => heard.push(`uncaught: ${e.message}`));
    // What the browser itself logs (a preload never used, a deprecation, a failed resource) reaches the
    // DevTools console through the Log domain, not through console.* calls: listen there too.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Log.enable');
    let listening = true;
    cdp.on('Log.entryAdded', ({ entry }) => {
      if (listening && (entry.level === 'warning' || entry.level === 'error'))
        heard.push(`${entry.level} (${entry.source}): ${entry.text}${entry.url ? ` ${entry.url}` : ''}`);
    });
    try {
      const problems: string[] = [];
      for (const row of AUTH_PAGES) problems.push(...(await visit(page, row.path, heard)));
      page.off('console', listen);
      listening = false;
      await signIn(page, owner.email, owner.password);
      heard.length = 0;
      page.on('console', listen);
      listening = true;
      for (const row of PAGES) problems.push(...(await visit(page, row.path, heard)));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
