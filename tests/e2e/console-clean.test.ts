/**
 * No page load writes to the console (issue 26): every signed-out and every signed-in page, each opened
 * as a fresh load in a tab of its own (so preload hints, the identity client's set-up and the first
 * requests all run), and left a few seconds (Chromium says "preloaded but not used" about three seconds
 * after the load); a few tabs at a time, so those seconds pass side by side. Any warning or error fails,
 * with its text.
 */
import type { BrowserContext, ConsoleMessage } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AUTH_PAGES, PAGES } from '#src/app/pages.ts';
import { available, registeredOwner, signIn, stack, useBrowser } from './support/browser.ts';

const SETTLE_MS = 3_500;
/** Pages loaded at once, each in a tab of its own: the few seconds each is left are spent side by side. */
const TABS = 4;

/**
 * Opens `path` as a fresh load in a new tab of `context` and leaves it SETTLE_MS: what that tab's
 * console and the browser's own log (the DevTools Log domain: a preload never used, a deprecation, a
 * failed resource) said meanwhile, and the styles it preloaded but never used.
 */
async function visit(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  const heard: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'warning' || m.type() === 'error') heard.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => heard.push(`uncaught: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Log.enable');
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (entry.level === 'warning' || entry.level === 'error')
      heard.push(`${entry.level} (${entry.source}): ${entry.text}${entry.url ? ` ${entry.url}` : ''}`);
  });
  try {
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
    return [...heard, ...unused].map((m) => `${path}: ${m}`);
  } finally {
    await page.close();
  }
}

/** Every path, TABS at a time; what they said, in the order of `paths`. */
async function visitAll(context: BrowserContext, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (let at = 0; at < paths.length; at += TABS) {
    const said = await Promise.all(paths.slice(at, at + TABS).map((path) => visit(context, path)));
    problems.push(...said.flat());
  }
  return problems;
}

describe.runIf(available)('the console on every page load', () => {
  const browser = useBrowser();

  test('stays silent signed out and signed in: no warning, no error', async () => {
    const owner = await registeredOwner('console', 'Cleo');
    const context = await browser().newContext({ viewport: { width: 1280, height: 860 }, baseURL: stack.baseUrl });
    try {
      const problems = await visitAll(
        context,
        AUTH_PAGES.map((row) => row.path),
      );
      // Signed in once, in a tab of its own (its console is not what this test listens to); the session
      // is the context's, so every signed-in page below opens signed in.
      const signingIn = await context.newPage();
      await signIn(signingIn, owner.email, owner.password);
      await signingIn.close();
      problems.push(
        ...(await visitAll(
          context,
          PAGES.map((row) => row.path),
        )),
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
