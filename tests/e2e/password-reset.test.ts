/**
 * Forgot password → "Check Your Email" → the reset link from the mailbox → a new password that works
 * (and an old one that no longer does). Every page and dialog visited is checked with axe.
 */
import { describe, expect, test } from 'vitest';
import {
  available,
  expectAccessible,
  fillSignIn,
  latestMailLink,
  pathOf,
  registeredOwner,
  useBrowser,
  withPage,
} from './support/browser.ts';

describe.runIf(available)('password reset', () => {
  const browser = useBrowser();

  test('an owner asks for a reset link, chooses a new password and signs in with it', async () => {
    const owner = await registeredOwner('reset', 'Rosa');
    const newPassword = 'Renewed#Pass2026';
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.waitFor();
      await expectAccessible(page, 'forgot-password modal');
      await dialog.getByLabel('Email').fill(owner.email);
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      const sent = page.getByRole('dialog', { name: 'Check Your Email' });
      await sent.waitFor();
      expect(await sent.textContent()).toContain(
        "If an account with that email exists, we've sent you a password reset link.",
      );
      await expectAccessible(page, 'forgot-password sent');
      await sent.getByRole('button', { name: 'Done' }).click();
      await sent.waitFor({ state: 'detached' });

      const link = await latestMailLink(owner.email, '/reset-password');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await expectAccessible(page, 'reset-password form');
      const form = page.getByRole('form', { name: 'Reset your password' });
      await form.getByLabel('New Password', { exact: true }).fill(newPassword);
      await form.getByLabel('Confirm New Password').fill(newPassword);
      await form.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
      await expectAccessible(page, 'reset-password success');
      await page.getByRole('button', { name: 'Back to Login' }).click();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login');

      await fillSignIn(page, owner.email, owner.password);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('Incorrect username or password.');
      await fillSignIn(page, owner.email, newPassword);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Rosa!' }).waitFor();
      expect(pathOf(page)).toBe('/');

      // The link was spent: using it again says so.
      await page.goto(link);
      await form.getByLabel('New Password', { exact: true }).fill('Another#Pass2026');
      await form.getByLabel('Confirm New Password').fill('Another#Pass2026');
      await form.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'This password reset link has already been used. Please request a new one.',
      );
      expect(pathOf(page)).toMatch(/^\/reset-password\?token=/);
      await expectAccessible(page, 'reset-password used link');
      expect(problems).toEqual([]);
    });
  });

  test('an address with no account gets the same "Check Your Email" and no mail', async () => {
    const nobody = `nobody.${Date.now().toString(36)}@e2e.local`;
    await withPage(browser(), 375, async ({ page, problems }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.getByLabel('Email').fill(nobody);
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('dialog', { name: 'Check Your Email' }).waitFor();
      await expectAccessible(page, 'forgot-password sent (phone)');
      const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as Array<{ to: string }>;
      expect(mails.filter((m) => m.to === nobody)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});
