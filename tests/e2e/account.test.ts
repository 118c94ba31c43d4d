/**
 * The new owner's first visit: register → the verification mail → verify page → sign in → dashboard
 * greeting → edit the business profile → sign out. Then the ways a verification link fails, each with
 * a way out: a new link from the failed page (on a stack whose links expire in 10 s) or from the
 * "not confirmed" sign-in error. Every page visited is checked with axe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailLink, type Stack, startStack } from '../../scripts/lib/stack.ts';
import {
  available,
  expectAccessible,
  fillSignIn,
  latestMailLink,
  pathOf,
  stack,
  uniqueEmail,
  useBrowser,
  withPage,
} from './support/browser.ts';

const NOT_CONFIRMED = 'Your account is not confirmed. Please check your email for a verification link.';
const SENT = "If that email belongs to an account that still needs verifying, we've sent a new verification link.";

/** An owner who registered (as the Register page does) but never opened the link. */
async function unverifiedOwner(baseUrl: string, tag: string, firstName: string) {
  const owner = { email: uniqueEmail(tag), password: 'Owner#2026pass', firstName };
  const response = await fetch(`${baseUrl}/api/public/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ ...owner, lastName: 'Tester', businessName: `${firstName}'s Bakery` }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return owner;
}

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
      // Every field is checked at once; each is marked and the first one gets the focus.
      await form.getByRole('button', { name: 'Register' }).click();
      await form.locator('[aria-invalid="true"]').nth(4).waitFor();
      expect(await form.locator('[aria-invalid="true"]').count()).toBe(5);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
      expect(await form.textContent()).toContain('Business name is required.');
      await expectAccessible(page, 'register with every field missing');
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

describe.runIf(available)('verification links that failed are not dead ends', () => {
  const browser = useBrowser();

  test('the "not confirmed" sign-in error sends a new link; it verifies and the owner signs in', async () => {
    const owner = await unverifiedOwner(stack.baseUrl, 'unconfirmed', 'Uma');
    const firstLink = await latestMailLink(owner.email, '/verify-email');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await page.goto('/login');
      await fillSignIn(page, owner.email, owner.password);
      await page.getByText(NOT_CONFIRMED).waitFor();
      await expectAccessible(page, 'login: not confirmed');
      await page.getByRole('button', { name: 'Resend verification email' }).click();
      await page.getByText(SENT).waitFor();
      await expectAccessible(page, 'login: new verification link sent');

      const link = await latestMailLink(owner.email, '/verify-email');
      expect(link).not.toBe(firstLink);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Verification Successful!' }).waitFor();
      await page.goto('/login');
      await fillSignIn(page, owner.email, owner.password);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Uma!' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(problems).toEqual([]);
    });
  });

  describe('on a stack whose verification links expire after 10 seconds', () => {
    let short: Stack | undefined;
    beforeAll(async () => {
      // No demo business: this stack serves one sign-up, so its first start skips the demo's seeding.
      short = await startStack(stack.chromium, {
        env: { VERIFY_TOKEN_TTL: '10', DEMO_SEED: 'false' },
        cliUsers: false,
      });
    });
    afterAll(() => short?.stop());

    test('an expired link offers a new one; the new link from the mailbox verifies and sign-in works', async () => {
      const base = short!.baseUrl;
      const owner = await unverifiedOwner(base, 'expired', 'Elif');
      const expiresAt = Date.now() + 10_000;
      const expiredLink = await mailLink(base, owner.email, '/verify-email');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 1_000));

      await withPage(browser(), 1280, async ({ page, problems }) => {
        await page.goto(expiredLink);
        await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
        expect(await page.getByRole('alert').textContent()).toBe(
          'This verification link has expired. Please request a new one.',
        );
        await expectAccessible(page, 'verify-email: expired link');
        const offer = page.getByRole('form', { name: 'Get a new verification link' });
        await offer.getByLabel('Email').fill(owner.email);
        await offer.getByRole('button', { name: 'Resend verification email' }).click();
        await offer.getByText(SENT).waitFor();
        await expectAccessible(page, 'verify-email: new link sent');

        const link = await mailLink(base, owner.email, '/verify-email');
        expect(link).not.toBe(expiredLink);
        await page.goto(link);
        await page.getByRole('heading', { name: 'Verification Successful!' }).waitFor();
        await page.goto(`${base}/login`);
        await fillSignIn(page, owner.email, owner.password);
        await page.getByRole('heading', { level: 1, name: 'Welcome back, Elif!' }).waitFor();
        expect(problems).toEqual([]);
      });
    });
  });
});
