import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const e2e = inject('e2e');
export const available = 'baseUrl' in e2e;
export const stack = e2e as {
  baseUrl: string;
  chromium: string;
  demoEmail: string;
  demoPassword: string;
  dataDir: string;
};

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium with a fresh profile; never a browser download. */
export async function launch(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-chromium-'));
  const browser = await chromium.launch({
    executablePath: stack.chromium,
    args: [...FLAGS, `--user-data-dir=${profile}`].filter((flag) => flag !== '--headless'),
    headless: true,
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A page that fails the test on any console error or CSP violation. */
export async function openPage(
  browser: Browser,
  width = 1280,
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
  return { context, page, problems };
}

/** Serious or critical accessibility violations on the current page (axe-core). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export async function latestMailLink(to: string, pathname: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mails = (await (await fetch(`${stack.baseUrl}/dev/mailbox.json`)).json()) as Array<{
      to: string;
      links: string[];
    }>;
    const link = mails.find((m) => m.to === to)?.links.find((l) => new URL(l).pathname === pathname);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${pathname} mail to ${to}`);
}
