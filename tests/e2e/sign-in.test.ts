/**
 * Sign-in outcomes other than "straight in": a wrong password, an owner with a temporary password
 * (created with the users CLI) and a Customers user (also from the CLI), who may not enter the portal.
 */
import { describe, expect, test } from 'vitest';
import { available, expectAccessible, fillSignIn, pathOf, stack, useBrowser, withPage } from './support/browser.ts';

describe.runIf(available)('sign-in outcomes', () => {
  const browser = useBrowser();

  test("a wrong password shows the identity provider's message and keeps the owner on the login page", async () => {
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      await expectAccessible(page, 'login');
      await fillSignIn(page, stack.demo.email, 'Not#ThePassword1');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Incorrect username or password.');
      expect(pathOf(page)).toBe('/login');
      await expectAccessible(page, 'login with error');

      // The right password still works afterwards.
      await fillSignIn(page, stack.demo.email, stack.demo.password);
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Welcome back, .+!$/);
      expect(problems).toEqual([]);
    });
  });

  test('an owner with a temporary password sets a new one at /new-password-required and lands on /', async () => {
    const newPassword = 'Chosen#Pass2026';
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/login');
      await fillSignIn(page, stack.tempOwner.email, stack.tempOwner.password);
      await page.waitForURL('**/new-password-required');
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await expectAccessible(page, 'new-password-required');

      const form = page.getByRole('form', { name: 'Set a new password' });
      await form.getByLabel('New Password', { exact: true }).fill(newPassword);
      await form.getByLabel('Confirm New Password').fill('Chosen#Pass2027');
      await form.getByRole('button', { name: 'Set New Password and Sign In' }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('Passwords do not match');
      expect(pathOf(page)).toBe('/new-password-required');

      await form.getByLabel('Confirm New Password').fill(newPassword);
      await form.getByRole('button', { name: 'Set New Password and Sign In' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Tess!' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(await page.getByRole('complementary', { name: 'Sidebar' }).textContent()).toContain('Tess Tea Room');
      await expectAccessible(page, 'dashboard after new password');

      // The new password is the password now; the temporary one no longer is.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      await fillSignIn(page, stack.tempOwner.email, stack.tempOwner.password);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('Incorrect username or password.');
      await fillSignIn(page, stack.tempOwner.email, newPassword);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Tess!' }).waitFor();
      expect(problems).toEqual([]);
    });
  });

  test('a Customers user sees the access-denied message and stays signed out', async () => {
    await withPage(browser(), 375, async ({ page, problems }) => {
      await page.goto('/login');
      await fillSignIn(page, stack.customer.email, stack.customer.password);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'Access Denied. You do not have permission to access the Business Portal.',
      );
      expect(pathOf(page)).toBe('/login');
      await expectAccessible(page, 'access denied');

      // No session was kept: the portal still sends this browser to the login page.
      await page.goto('/package');
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login?redirect=%2Fpackage');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});
