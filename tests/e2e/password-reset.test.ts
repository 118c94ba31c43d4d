/**
 * Forgot password (carrying the e-mail typed on Login) → "Check Your Email" → the reset link from the
 * mailbox → a new password that works (and an old one that no longer does); the spent link is
 * recognised as soon as it is opened again, with a way to a new one. Every page and dialog visited is
 * checked with axe.
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
      // The address typed on Login travels into the dialog.
      await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(owner.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Email').inputValue()).toBe(owner.email);
      await expectAccessible(page, 'forgot-password modal');
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

      // The link was spent: opening it again says so at once, with no form to type into.
      await page.goto(link);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'This password reset link has already been used. Please request a new one.',
      );
      expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
      expect(pathOf(page)).toMatch(/^\/reset-password\?token=/);
      await expectAccessible(page, 'reset-password used link');

      // …and a way to a new one, right there.
      await page.getByRole('button', { name: 'Request a new link' }).click();
      const again = page.getByRole('dialog', { name: 'Forgot Password' });
      await again.getByLabel('Email').fill(owner.email);
      await again.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('dialog', { name: 'Check Your Email' }).getByRole('button', { name: 'Done' }).click();
      const fresh = await latestMailLink(owner.email, '/reset-password');
      expect(fresh).not.toBe(link);
      await page.goto(fresh);
      await form.getByLabel('New Password', { exact: true }).waitFor();
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
