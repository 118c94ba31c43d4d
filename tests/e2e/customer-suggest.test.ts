/**
 * Create Booking's Customer Email suggestions (issue 24) in real Chromium against the npm start stack,
 * at 375 px: a customer of the app who signed up and followed the demo business through the customer
 * API is suggested when the owner types part of their name; picking them fills the e-mail; axe clean
 * with the list open.
 */
import { describe, expect, test } from 'vitest';
import { createCustomer, followBusiness, mailboxOverHttp } from '../../server/sim/customers.ts';
import { available, expectAccessible, signIn, stack, useBrowser, withPage } from './support/browser.ts';
import { call, pool } from './support/corpus-business.ts';

describe.runIf(available)("Create Booking's customer suggestions", () => {
  const browser = useBrowser();

  test('a new follower is suggested by part of their name; picking fills Customer Email (375 px, axe)', async () => {
    const tag = Date.now().toString(36);
    const follower = {
      firstName: 'Quillon',
      lastName: `Suggestby${tag}`,
      email: `quillon.${tag}@customers.example`,
      password: 'Customer#Sim2026',
    };
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, stack.demo.email, stack.demo.password);
      const { businessid } = (await page.evaluate(async () => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
        const answer = await fetch('/api/businesses/me', {
          headers: { Authorization: `Bearer ${localStorage.getItem(key)}` },
        });
        return answer.json();
      })) as { businessid: string };
      const token = await createCustomer(call, await pool(), follower, mailboxOverHttp(call));
      await followBusiness(call, token, businessid);

      await page.goto('/bookings/calendar');
      await page.getByRole('heading', { name: 'Bookings Calendar' }).waitFor();
      await page.getByRole('button', { name: 'Create Booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
      const email = dialog.getByRole('combobox', { name: 'Customer Email' });
      expect(await email.getAttribute('type')).toBe('email');

      await email.pressSequentially(`suggestby${tag}`.slice(0, 14));
      const list = dialog.getByRole('listbox', { name: 'Matching customers' });
      const option = list.getByRole('option').filter({ hasText: follower.email });
      await option.waitFor();
      await expect.poll(() => email.getAttribute('aria-expanded')).toBe('true');
      expect(await option.textContent()).toContain(`${follower.firstName} ${follower.lastName}`);
      expect(await option.textContent()).toContain('Follower');
      await expectAccessible(page, 'Create Booking with suggestions at 375px');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);

      await option.click();
      await expect.poll(() => email.inputValue()).toBe(follower.email);
      await expect.poll(() => email.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => list.getByRole('option').count()).toBe(0);
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(problems).toEqual([]);
    });
  });
});
