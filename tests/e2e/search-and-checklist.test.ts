/**
 * Issue 26 in real Chromium at 375 px: the followers' page and search live in the URL (a reload keeps
 * them), a search that finds nobody says so, Follower Details shows the history; a new owner's
 * getting-started checklist links to where each step is done and, once dismissed, stays away after a
 * reload. axe finds nothing and nothing scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoOwner } from '#machines/samples/demo.samples.ts';
import {
  available,
  expectAccessible,
  pathOf,
  registeredOwner,
  signIn,
  useBrowser,
  withPage,
} from './support/browser.ts';

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.runIf(available)('search and the getting-started checklist', () => {
  const browser = useBrowser();

  test('the followers page and search are in the URL and survive a reload', async () => {
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, demoOwner.email, demoOwner.password);
      await page.goto('/customers?page=2');
      await page.getByText('Page 2 of 3').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 3 of 3').waitFor();
      await expect.poll(() => pathOf(page)).toBe('/customers?page=3');

      const box = page.getByRole('searchbox', { name: 'Search followers' });
      await box.focus();
      await page.keyboard.type('amelia');
      await expect.poll(() => pathOf(page)).toBe('/customers?q=amelia');
      await page
        .getByRole('button', { name: /Amelia Hughes/ })
        .first()
        .waitFor();
      await page.reload();
      await page
        .getByRole('button', { name: /Amelia Hughes/ })
        .first()
        .waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search followers' }).inputValue()).toBe('amelia');
      await expectAccessible(page, 'the followers search');
      expect(await sideways(page)).toBe(false);

      await page
        .getByRole('button', { name: /Amelia Hughes/ })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: 'Follower Details' });
      await details.getByRole('heading', { name: 'Vouchers' }).waitFor();
      await details.getByRole('heading', { name: 'Bookings' }).waitFor();
      await expectAccessible(page, 'Follower Details with the history');
      expect(await sideways(page)).toBe(false);
      await page.keyboard.press('Escape');

      // From Follower Details to the follower's conversation, opened in the Messages panel: the demo's
      // Noah Patel (the QA plans' walk, on the same stack, signs up customers of that name too).
      await page.getByRole('searchbox', { name: 'Search followers' }).fill('noah patel customers.example');
      await expect.poll(() => pathOf(page)).toBe('/customers?q=noah+patel+customers.example');
      await page
        .getByRole('button', { name: /Noah Patel/ })
        .first()
        .click();
      await details.getByRole('link', { name: 'Open the conversation' }).click();
      const panel = page.getByRole('dialog', { name: 'Messages' });
      await panel.getByRole('button', { name: /Noah Patel/, expanded: true }).waitFor();
      await panel.getByRole('button', { name: 'Open full conversation' }).waitFor();
      await expect.poll(() => pathOf(page)).toBe('/customers?q=noah+patel+customers.example');
      await panel.getByRole('searchbox', { name: 'Search conversations' }).fill('zed nobody');
      await panel.getByText('No conversations match "zed nobody".').waitFor();
      await expectAccessible(page, 'the Messages panel search');
      expect(await sideways(page)).toBe(false);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      await page.getByRole('searchbox', { name: 'Search followers' }).fill('zzzz-nobody');
      await page.getByText('No followers match "zzzz-nobody".').waitFor();
      await expect.poll(() => pathOf(page)).toBe('/customers?q=zzzz-nobody');
      await expectAccessible(page, 'a search that finds nobody');

      await page.goto('/vouchers');
      const vouchers = page.getByRole('searchbox', { name: 'Search vouchers' });
      await vouchers.fill('no such voucher');
      await page.getByText('No vouchers match "no such voucher".').waitFor();
      await expectAccessible(page, 'the vouchers search');
      expect(await sideways(page)).toBe(false);
      expect(problems).toEqual([]);
    });
  });

  test("a new owner's checklist links to each step and is gone for good once dismissed", async () => {
    const owner = await registeredOwner('checklist', 'Cleo');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      const card = page.getByRole('region', { name: 'Get started' });
      await card.getByText('0 of 5 done').waitFor();
      expect(await card.getByRole('link', { name: /^Create your first voucher/ }).getAttribute('href')).toBe(
        '/vouchers',
      );
      await expectAccessible(page, 'the getting-started checklist');
      expect(await sideways(page)).toBe(false);

      // The location step opens the Business Profile dialog.
      await card.getByRole('link', { name: /^Add your address and map location/ }).click();
      await page.getByRole('dialog', { name: /Business Profile/ }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => pathOf(page)).toBe('/');

      await card.getByRole('button', { name: 'Dismiss checklist' }).click();
      await card.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('region', { name: 'Your Feed' }).waitFor();
      expect(await page.getByRole('region', { name: 'Get started' }).count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});
