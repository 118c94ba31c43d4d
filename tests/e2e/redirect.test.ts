/**
 * Coming back to where you were: a signed-out visit to a portal page, and a session revoked on the
 * server (GlobalSignOut, as another client would do it) whose next product API call answers 401.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  available,
  expectAccessible,
  fillSignIn,
  pathOf,
  registeredOwner,
  signIn,
  stack,
  useBrowser,
  withPage,
} from './support/browser.ts';

/**
 * Reads the access token Amplify keeps in localStorage and revokes every session of the user with the
 * identity endpoint's GlobalSignOut, the way a real client (another tab, the AWS SDK) would.
 */
async function revokeSessionsServerSide(page: Page) {
  const status = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    if (!key) throw new Error('no access token in localStorage');
    const response = await fetch('/cognito/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      body: JSON.stringify({ AccessToken: localStorage.getItem(key) }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

describe.runIf(available)('redirect to the page you wanted', () => {
  const browser = useBrowser();

  test('visiting /vouchers signed out lands on /login?redirect=%2Fvouchers and returns there after sign-in', async () => {
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/vouchers');
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login?redirect=%2Fvouchers');
      await expectAccessible(page, 'login with redirect');
      await fillSignIn(page, stack.demo.email, stack.demo.password);
      await page.getByRole('heading', { level: 1, name: 'Voucher Management' }).waitFor();
      expect(pathOf(page)).toBe('/vouchers');
      await expectAccessible(page, 'vouchers');
      expect(problems).toEqual([]);
    });
  });

  test('after the session is revoked, a reload sends the owner to /login?redirect=… and back after sign-in', async () => {
    const owner = await registeredOwner('revoked', 'Vera');
    await withPage(browser(), 1280, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      await page.getByRole('button', { name: 'Vouchers' }).click();
      await page.getByRole('link', { name: 'Management' }).click();
      await page.getByRole('heading', { level: 1, name: 'Voucher Management' }).waitFor();
      expect(pathOf(page)).toBe('/vouchers');

      await revokeSessionsServerSide(page);
      // The tokens in this browser still look valid; the API's 401 on the profile load is what tells.
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login?redirect=%2Fvouchers');
      await expectAccessible(page, 'login after 401');

      await fillSignIn(page, owner.email, owner.password);
      await page.getByRole('heading', { level: 1, name: 'Voucher Management' }).waitFor();
      expect(pathOf(page)).toBe('/vouchers');
      expect(problems).toEqual([]);
    });
  });

  test('a 401 on a product call inside the portal (saving the profile) does the same', async () => {
    const owner = await registeredOwner('expired', 'Ezra');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      await page.goto('/bookings/setup');
      await page.getByRole('heading', { level: 1, name: 'Booking Setup' }).waitFor();
      // The page's own loads finish first: the 401 under test is the profile save's.
      await page.getByText('No bookable resources found. Add one to get started!').waitFor();
      await page.getByRole('button', { name: 'Add Closure' }).waitFor();

      await revokeSessionsServerSide(page);
      await page.getByRole('button', { name: 'Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Business Profile' });
      await dialog.getByLabel('Description').fill('Fresh bread every morning.');
      await dialog.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(pathOf(page)).toBe('/login?redirect=%2Fbookings%2Fsetup');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await expectAccessible(page, 'login after 401 (phone)');

      await fillSignIn(page, owner.email, owner.password);
      await page.getByRole('heading', { level: 1, name: 'Booking Setup' }).waitFor();
      expect(pathOf(page)).toBe('/bookings/setup');
      expect(problems).toEqual([]);
    });
  });
});
