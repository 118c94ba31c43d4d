/**
 * Dialogs, focus and the first paint in real Chromium against the npm start stack: Escape after
 * "Check Your Email", the phone drawer's focus trap, the unsaved-edit question, the confirmation after a
 * save, the deletion questions (focus on Cancel), the tab title after sign-out, and /login painted without
 * asking for /config.json.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  available,
  expectAccessible,
  fillSignIn,
  registeredOwner,
  SignedInStorage,
  signIn,
  stack,
  useBrowser,
  withPage,
} from './support/browser.ts';

/** What has keyboard focus: its tag and its label or text, or BODY. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return `${el.tagName} ${(el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim()}`;
  });

const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.querySelector(sel)?.contains(document.activeElement), selector);

describe.runIf(available)('dialogs and focus', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('/login paints from the inlined settings: no request for /config.json', async () => {
    await withPage(browser(), 1280, async ({ page, problems }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(requested).not.toContain('/config.json');
      expect(await page.locator('#portal-config').getAttribute('type')).toBe('application/json');
      expect(await page.title()).toBe('Sign in · Business Portal');
      // The settings work: a wrong password reaches the identity endpoint and comes back with its message.
      await fillSignIn(page, stack.demo.email, 'Wrong#Password1');
      await page.getByRole('alert').waitFor();
      expect(requested).not.toContain('/config.json');
      expect(problems).toEqual([]);
    });
  });

  test('Escape closes "Check Your Email" and focus goes back to "Forgot password?"', async () => {
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/login');
      const opener = page.getByRole('button', { name: 'Forgot password?' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.getByLabel('Email').fill(`nobody.${Date.now().toString(36)}@e2e.local`);
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      const sent = page.getByRole('dialog', { name: 'Check Your Email' });
      await sent.waitFor();
      // Focus did not fall to the page behind: it is in the dialog, so keys reach it.
      await expect.poll(() => focusInside(page, '[role="dialog"]')).toBe(true);
      expect(await focused(page)).not.toBe('BODY');
      await page.keyboard.press('Escape');
      await sent.waitFor({ state: 'detached' });
      expect(await focused(page)).toBe('BUTTON Forgot password?');
      expect(problems).toEqual([]);
    });
  });

  test('the phone drawer keeps focus inside, closes on Escape and gives focus back to its toggle (375 px)', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      await toggle.click();
      await page.locator('.shell.is-drawer-open').waitFor();
      expect(await focused(page)).toBe('A Dashboard');
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(page, '#sidebar'), `after ${i + 1} Tab`).toBe(true);
      }
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(page, '#sidebar'), `after ${i + 1} Shift+Tab`).toBe(true);
      }
      await expectAccessible(page, 'phone drawer');
      await page.keyboard.press('Escape');
      await page.locator('.shell.is-drawer-open').waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await focused(page)).toBe('BUTTON Toggle sidebar');
      expect(problems).toEqual([]);
    });
  });

  test('unsaved edits ask before they are thrown away; a save says "Profile saved."', async () => {
    const owner = await registeredOwner('dialogs', 'Dana');
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      const profileButton = page.getByRole('button', { name: 'Profile' });
      await profileButton.click();
      const profile = page.getByRole('dialog', { name: 'Business Profile' });
      await profile.getByRole('img', { name: /QR code/ }).waitFor();
      expect(await focused(page)).toBe('INPUT Business Name');

      // Escape with edits: the question, focused on "Keep editing"; Escape again goes back to editing.
      await profile.getByLabel('Address').fill('1 Quay Street');
      await page.keyboard.press('Escape');
      const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
      await question.waitFor();
      expect(await focused(page)).toBe('BUTTON Keep editing');
      await expectAccessible(page, 'discard question');
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await profile.getByLabel('Address').inputValue()).toBe('1 Quay Street');
      expect(await focusInside(page, '[role="dialog"]')).toBe(true);

      // Cancel → Discard: closed, nothing saved.
      await profile.getByRole('button', { name: 'Cancel' }).click();
      await question.getByRole('button', { name: 'Discard' }).click();
      await profile.waitFor({ state: 'detached' });
      expect(await focused(page)).toBe('BUTTON Profile');
      await profileButton.click();
      expect(await profile.getByLabel('Address').inputValue()).toBe('');

      // Typed coordinates: a wrong one is named, a right pair is saved and confirmed.
      await profile.getByLabel('Latitude').fill('95');
      await profile.getByLabel('Longitude').fill('10');
      await profile.getByRole('button', { name: 'Save Profile' }).click();
      await profile.getByText('Latitude must be between -90 and 90.').waitFor();
      await profile.getByLabel('Latitude').fill('59.913868');
      await profile.getByRole('button', { name: 'Save Profile' }).click();
      await profile.waitFor({ state: 'detached' });
      const status = page.getByRole('status').filter({ hasText: 'Profile saved.' });
      await status.waitFor();
      await expectAccessible(page, 'profile saved confirmation');
      expect(await focused(page)).toBe('BUTTON Profile');
      await profileButton.click();
      expect(await profile.getByLabel('Latitude').inputValue()).toBe('59.913868');
      expect(await profile.getByLabel('Longitude').inputValue()).toBe('10.000000');
      await page.keyboard.press('Escape'); // nothing changed: closes without asking
      await profile.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    });
  });

  test('every deletion asks with focus on Cancel: Enter keeps the thing, a deliberate press deletes it', async () => {
    const owner = await registeredOwner('deletions', 'Dev');
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      await page.goto('/bookings/setup');
      await page.getByRole('button', { name: 'Add Resource' }).click();
      const form = page.getByRole('dialog', { name: 'Create New Resource' });
      await form.getByLabel('Name').fill('Studio');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });

      // The resource: the keyboard opens the question, Enter answers Cancel and focus comes back.
      const del = page.getByRole('button', { name: 'Delete Studio' });
      await del.focus();
      await page.keyboard.press('Enter');
      const question = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
      await question.getByText(/Its weekly schedule is deleted too/).waitFor();
      expect(await focused(page)).toBe('BUTTON Cancel');
      await expectAccessible(page, 'Confirm Deletion of a resource');
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      expect(await focused(page)).toBe('BUTTON Delete Studio');

      // A weekly rule: the question covers the schedule; Escape keeps the rule, "Confirm Delete" removes it.
      await page.getByRole('button', { name: 'Schedule for Studio' }).click();
      const schedule = page.getByRole('dialog', { name: 'Manage Schedule for Studio' });
      await schedule.getByRole('button', { name: 'Add Rule' }).click();
      await schedule.getByText('Monday: 09:00 - 17:00').waitFor();
      await schedule.getByRole('button', { name: 'Delete Monday: 09:00 - 17:00' }).click();
      await question.getByText(/"Monday: 09:00 - 17:00" from the schedule of Studio/).waitFor();
      expect(await focused(page)).toBe('BUTTON Cancel');
      await expectAccessible(page, 'Confirm Deletion of a rule');
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      await schedule.getByText('Monday: 09:00 - 17:00').waitFor();
      await schedule.getByRole('button', { name: 'Delete Monday: 09:00 - 17:00' }).click();
      await question.getByRole('button', { name: 'Confirm Delete' }).click();
      await schedule.getByText('No schedule defined yet.').waitFor();
      await page.keyboard.press('Escape');
      await schedule.waitFor({ state: 'detached' });

      // A closure: "Remove Closure" asks the same way.
      const closures = page.getByRole('region', { name: 'Closures' });
      await closures.getByRole('button', { name: 'Add Closure' }).click();
      const remove = closures.getByRole('button', { name: /^Remove closure/ });
      await remove.waitFor();
      await remove.click();
      const removal = page.getByRole('alertdialog', { name: 'Remove Closure' });
      await removal.getByText(/Those days take bookings again/).waitFor();
      expect(await focused(page)).toBe('BUTTON Cancel');
      await removal.getByRole('button', { name: 'Remove Closure' }).click();
      await removal.waitFor({ state: 'detached' });
      await closures.getByText(/No closures planned/).waitFor();
      expect(problems).toEqual([]);
    });
  });

  test('after Sign Out the tab title no longer greets the owner', async () => {
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome back' }).waitFor();
      // Signed in, the title leads with the unread messages: "(5) Dashboard · Business Portal".
      await expect.poll(() => page.title()).toMatch(/^\(\d+\) Dashboard · Business Portal$/);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(await page.title()).toBe('Sign in · Business Portal');
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Register Your Business' }).waitFor();
      expect(await page.title()).toBe('Register Your Business · Business Portal');
      expect(problems).toEqual([]);
    });
  });
});
