/**
 * The new owner's first visit: register → the verification mail → verify page → sign in → dashboard
 * greeting → edit the business profile → sign out. Every page visited is checked with axe.
 */
import { describe, expect, test } from 'vitest';
import {
  available,
  expectAccessible,
  fillSignIn,
  latestMailLink,
  pathOf,
  uniqueEmail,
  useBrowser,
  withPage,
} from './support/browser.ts';

describe.runIf(available)('account journey', () => {
  const browser = useBrowser();

  test('a new owner registers, verifies the e-mail, signs in, edits the profile and signs out', async () => {
    const email = uniqueEmail('register');
    const password = 'Fresh#Owner2026';
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Register Your Business' }).waitFor();
      await expectAccessible(page, 'register');
      const form = page.getByRole('form', { name: 'Register Your Business' });
      await form.getByLabel('First Name').fill('Priya');
      await form.getByLabel('Last Name').fill('Patel');
      await form.getByLabel('Email Address').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Business Name').fill('Priya Plants');
      await form.getByRole('button', { name: 'Register' }).click();

      await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
      expect(await page.locator('.auth-success').textContent()).toContain(
        `We've sent a verification email to ${email}`,
      );
      await page.getByRole('link', { name: 'Go to Login' }).waitFor();
      await expectAccessible(page, 'register success');

      const link = await latestMailLink(email, '/verify-email');
      expect(new URL(link).origin).toBe(new URL(page.url()).origin);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Verification Successful!' }).waitFor();
      await expectAccessible(page, 'verify-email success');
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL('**/login');

      await fillSignIn(page, email, password);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(await page.getByRole('complementary', { name: 'Sidebar' }).textContent()).toContain('Priya Plants');
      await expectAccessible(page, 'dashboard');

      await page.getByRole('button', { name: 'Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Business Profile' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Business Name').inputValue()).toBe('Priya Plants');
      await expectAccessible(page, 'profile modal');
      await dialog.getByLabel('Business Name').fill('Priya Plants & Pots');
      await dialog.getByLabel('Address').fill('1 Market Street');
      await dialog.getByRole('button', { name: 'Save Profile' }).click();
      await dialog.waitFor({ state: 'detached' });
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      expect(await sidebar.textContent()).toContain('Priya Plants & Pots');

      // Saved on the server, not only on screen: a reload shows it again.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }).waitFor();
      expect(await sidebar.textContent()).toContain('Priya Plants & Pots');
      await page.getByRole('button', { name: 'Profile' }).click();
      expect(await dialog.getByLabel('Address').inputValue()).toBe('1 Market Street');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');
      await expectAccessible(page, 'login after sign-out');
      // Signed out for real: the portal is no longer reachable, even after a reload.
      await page.goto('/');
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(problems).toEqual([]);
    });
  });

  test('a verification link that is wrong, used or missing shows why', async () => {
    await withPage(browser(), 375, async ({ page, problems }) => {
      await page.goto('/verify-email?token=not-a-real-token');
      await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'This verification link is not valid. Please check the link and try again.',
      );
      await expectAccessible(page, 'verify-email error');

      await page.goto('/verify-email');
      await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'No verification token found. Please check the link and try again.',
      );
      await page.getByRole('link', { name: 'Register' }).click();
      await page.getByRole('heading', { name: 'Register Your Business' }).waitFor();
      expect(pathOf(page)).toBe('/register');
      expect(problems).toEqual([]);
    });
  });
});
