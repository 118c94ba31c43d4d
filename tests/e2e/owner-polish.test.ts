/**
 * Issue 26's three bugs, in real Chromium against the npm start stack:
 * - a refused photo (a text file named .jpg: 415) removed with "Remove photo" leaves nothing behind,
 *   so the next text-only post goes through;
 * - the voucher QR dialog fits a 375 px phone: close, "Download as PNG" and the rules are on screen;
 * - a photo posts and shows whether the portal is opened at its PUBLIC_URL's address or another name
 *   for the same server (127.0.0.1 and localhost): the upload target and the image addresses follow the
 *   origin the page calls, and the CSP stays as strict as it was.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type Call, followBusiness, sendMessage, signInCustomer } from '../../server/sim/customers.ts';
import { png } from '../server/support/images.ts';
import {
  available,
  expectAccessible,
  registeredOwner,
  SignedInStorage,
  signIn,
  stack,
  useBrowser,
  withPage,
} from './support/browser.ts';

const inViewport = (selector: Locator) =>
  selector.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
  });

describe.runIf(available)('owner polish: the three bugs', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('after a refused photo, "Remove photo" clears it and a text-only post goes through', async () => {
    const owner = await registeredOwner('dead-photo', 'Nell');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      await page.getByLabel('Post text').fill('Fresh bread');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'not-a-photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just some text, not a JPEG at all\n'.repeat(4)),
      });
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      const composer = page.getByRole('form', { name: 'New post' });
      await composer.getByRole('alert').filter({ hasText: /\w/ }).waitFor();
      await page.getByRole('button', { name: 'Remove photo' }).click();
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      const feed = page.getByRole('region', { name: 'Your Feed' });
      await feed.getByText('Fresh bread').waitFor();
      expect(await page.getByLabel('Post text').inputValue()).toBe('');
      expect(await composer.getByRole('alert').filter({ hasText: /\w/ }).count()).toBe(0);
      await expectAccessible(page, 'the dashboard after posting');
      // The refused upload is a 415 Chromium logs as a failed resource.
      expect(problems.filter((p) => !/status of 415/.test(p))).toEqual([]);
    });
  });

  test('the voucher QR dialog fits a 375 px phone', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      await page.goto('/vouchers');
      await page.getByRole('table').waitFor();
      await page
        .getByRole('button', { name: /^Show QR Code/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Issue Voucher via QR Code' });
      await dialog.getByRole('img').waitFor();
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      // The header's × and the footer's Close, Print and Download as PNG.
      const buttons = await dialog.getByRole('button').all();
      expect(buttons.length).toBe(4);
      for (const button of buttons) expect(await inViewport(button), await button.innerText()).toBe(true);
      const rules = dialog.locator('.voucher-card-rules');
      await rules.scrollIntoViewIfNeeded();
      expect(await rules.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      // Nothing inside the dialog scrolls sideways either.
      expect(
        await dialog.evaluate((el) =>
          [el, ...el.querySelectorAll('*')].every((n) => n.scrollWidth <= n.clientWidth + 1 || n.clientWidth === 0),
        ),
      ).toBe(true);
      await expectAccessible(page, 'the QR dialog at 375 px');
      expect(problems).toEqual([]);
    });
  });

  test('vouchers at 375 px: Duplicate opens Create New Voucher filled in, focus on Title, Value with its unit', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      await page.goto('/vouchers');
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Free pastry/ }) });
      await row.getByRole('button', { name: /^Duplicate/ }).click();
      const form = page.getByRole('dialog', { name: 'Create New Voucher' });
      const title = form.getByLabel('Title');
      await expect.poll(() => title.inputValue()).toBe('Copy of Free pastry with any coffee');
      await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
      await form.getByText('$', { exact: true }).waitFor();
      await form.getByLabel('Voucher Type').selectOption({ label: 'Percentage Discount' });
      await form.getByText('%', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await inViewport(form)).toBe(true);
      await expectAccessible(page, 'the duplicated voucher form at 375 px');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      // A new voucher's form: focus on Title too, not Cancel.
      await page.getByRole('button', { name: 'Create New Voucher' }).click();
      const fresh = page.getByRole('dialog', { name: 'Create New Voucher' }).getByLabel('Title');
      await expect.poll(() => fresh.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  test("messages at 375 px: the last message's time in the list, the customer's e-mail in the chat header", async () => {
    const owner = await registeredOwner('chat-email', 'Mo');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      const businessid = await page.evaluate(async () => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
        const me = await fetch('/api/businesses/me', {
          headers: { Authorization: `Bearer ${localStorage.getItem(key)}` },
        });
        return ((await me.json()) as { businessid: string }).businessid;
      });
      const call: Call = (path, init) => fetch(new URL(path, stack.baseUrl), init);
      const { auth } = (await (await call('/config.json')).json()) as {
        auth: { userPoolId: string; userPoolClientId: string };
      };
      const token = await signInCustomer(
        call,
        { userPoolId: auth.userPoolId, clientId: auth.userPoolClientId },
        stack.customer.email,
        stack.customer.password,
      );
      await followBusiness(call, token, businessid);
      await sendMessage(call, token, businessid, 'Are you open on Sunday?');
      await page.reload();
      await page.getByRole('button', { name: 'Messages 1 unread', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Messages' });
      const row = panel.getByRole('button', { name: /^Cass/ });
      await row.locator('time').waitFor();
      expect(await row.locator('time').innerText()).toMatch(/\d{1,2}:\d{2}/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, 'the Messages panel at 375 px');
      await row.click();
      await panel.getByRole('button', { name: 'Open full conversation' }).click();
      const chat = page.getByRole('dialog', { name: /^Conversation with Cass/ });
      await chat.locator('.modal-header').getByText(stack.customer.email).waitFor();
      expect(await inViewport(chat.locator('.modal-header'))).toBe(true);
      await expectAccessible(page, 'the chat at 375 px');
      expect(problems).toEqual([]);
    });
  });

  test('My Package at 375 px: counts in the right form, the sales address, the Upgrade note on screen; the composer counts posts left', async () => {
    const owner = await registeredOwner('package', 'Pia');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      await page.getByLabel('Post text').fill('First post');
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await page.getByRole('region', { name: 'Your Feed' }).getByText('First post').waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^\d+ posts? left today$/ })
        .waitFor();
      await page.goto('/package');
      await page.getByRole('heading', { name: 'Available Packages' }).waitFor();
      const limits = (await page.locator('.plan-limits li').allInnerTexts()).join('\n');
      expect(limits).not.toMatch(/^1 (posts|followers|bookable resources)/m);
      const note = page.locator('.upgrade-note');
      expect(await note.isVisible()).toBe(true);
      expect(await note.innerText()).toContain('sales@example.com');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, 'My Package at 375 px');
      expect(problems).toEqual([]);
    });
  });

  const port = new URL(stack.baseUrl ?? 'http://127.0.0.1:1').port;
  for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
    test(`a photo posts and shows when the portal is opened at ${origin.replace(/:\d+$/, '')}`, async () => {
      const owner = await registeredOwner('photo-origin', 'Ida');
      const context = await browser().newContext({ viewport: { width: 375, height: 812 }, baseURL: origin });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      try {
        await signIn(page, owner.email, owner.password);
        await page.getByLabel('Post text').fill(`Photo at ${origin}`);
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: Buffer.from(png(24, 24)) });
        await page.getByRole('button', { name: 'Post', exact: true }).click();
        const feed = page.getByRole('region', { name: 'Your Feed' });
        const image = feed.getByRole('img', { name: `Shared with: Photo at ${origin}` });
        await image.waitFor();
        await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(24);
        expect(await page.getByLabel('Post text').inputValue()).toBe('');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
