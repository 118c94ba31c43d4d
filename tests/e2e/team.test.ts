/**
 * Issue 25 in real Chromium against the npm start stack: the Team page and the accept-invite page at
 * 375 px, axe clean in each state a person meets; and the whole journey at the counter: the owner
 * invites, the mailed link is accepted, the staff member signs in and sees only their pages, redeems a
 * customer's code ("by {name}" shown to the owner), and is signed out the moment the owner removes them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { TEAM_TEXTS } from '#contracts/team.ts';
import { customerClaims } from '../../scripts/lib/voucher-claims.ts';
import { signInCustomer } from '../../server/sim/customers.ts';
import {
  available,
  expectAccessible,
  fillSignIn,
  latestMailLink,
  registeredOwner,
  signIn,
  stack,
  uniqueEmail,
  useBrowser,
  withPage,
} from './support/browser.ts';
import { api, call, pool } from './support/corpus-business.ts';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.runIf(available)('the team pages on a phone', () => {
  const browser = useBrowser();

  test('an invitation link that cannot be used says so, with the way to the login page', async () => {
    await withPage(browser(), 375, async ({ page }) => {
      await page.goto('/accept-invite?token=not-a-real-invitation');
      await page.getByRole('heading', { name: 'Join the team', level: 1 }).waitFor();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(TEAM_TEXTS.invalidInvitation);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'accept-invite: invalid link');
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    });
  });

  test('the owner invites at 375 px; the invited person opens the mail link and joins', async () => {
    const invitee = uniqueEmail('invitee');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, stack.demo.email, stack.demo.password);
      await page.goto('/team');
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      await page.getByRole('form', { name: 'Invite a team member' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await noSidewaysScroll(page), '/team').toBe(true);
      await expectAccessible(page, 'the Team page');

      await page.getByLabel('Email', { exact: true }).fill(invitee);
      await page.getByLabel('Role', { exact: true }).selectOption('staff');
      await page.getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByText(TEAM_TEXTS.invited(invitee)).waitFor();
      await page.getByRole('button', { name: `Revoke: ${invitee}` }).waitFor();
      expect(await noSidewaysScroll(page), '/team with an invitation').toBe(true);
      await expectAccessible(page, 'the Team page with an invitation waiting');
      expect(problems).toEqual([]);
    });

    const link = await latestMailLink(invitee, '/accept-invite');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await page.goto(link);
      await page.getByRole('form', { name: 'Join the team' }).waitFor();
      expect(await page.getByLabel('Email Address').inputValue()).toBe(invitee);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'accept-invite: the form');

      await page.getByRole('button', { name: 'Join the team' }).click();
      await page.getByText('First name is required.').waitFor();
      await expectAccessible(page, 'accept-invite: the form with messages');

      // Not "Sam Patel": the team plan's walk makes him a member of this same demo business.
      await page.getByLabel('First Name').fill('Robin');
      await page.getByLabel('Last Name').fill('Quist');
      await page.getByLabel('Password').fill('Counter#2026e2e');
      await page.getByRole('button', { name: 'Join the team' }).click();
      await page.getByText(TEAM_TEXTS.accepted).waitFor();
      await expectAccessible(page, 'accept-invite: joined');
      expect(problems).toEqual([]);
    });
  });

  test('invite → join → staff signs in to only their pages → redeems → the owner sees by whom → removed → signed out', async () => {
    // A business of its own, so no other test's team or vouchers are in the way.
    const owner = await registeredOwner('teamowner', 'Nadia');
    const ownerToken = await signInCustomer(call, await pool(), owner.email, owner.password);
    const { businessid } = await api<{ businessid: string }>(ownerToken, 'GET', '/api/businesses/me');
    const title = `Free cake ${Date.now().toString(36)}`;
    const { voucherid } = await api<{ voucherid: string }>(
      ownerToken,
      'POST',
      `/api/businesses/${businessid}/vouchers`,
      {
        title,
        description: 'Any slice from the counter',
        vouchertypeid: 3,
        value: '3.50',
        rules: 'One per visit',
        startdate: '2026-01-01',
        enddate: '2030-12-31',
        isactive: true,
      },
    );
    const customer = await customerClaims(stack.baseUrl, voucherid, 'teamclaim');
    const staff = { email: uniqueEmail('counter'), password: 'Counter#2026staff' };

    await withPage(browser(), 1280, async ({ page: ownerPage, problems: ownerProblems }) => {
      // The owner invites a staff member from the Team page.
      await signIn(ownerPage, owner.email, owner.password);
      await ownerPage.getByRole('link', { name: 'Team' }).click();
      await ownerPage.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      await ownerPage.getByLabel('Email', { exact: true }).fill(staff.email);
      await ownerPage.getByLabel('Role', { exact: true }).selectOption('staff');
      await ownerPage.getByRole('button', { name: 'Send Invitation' }).click();
      await ownerPage.getByText(TEAM_TEXTS.invited(staff.email)).waitFor();

      // The mailed link is accepted.
      const link = await latestMailLink(staff.email, '/accept-invite');
      await withPage(browser(), 1280, async ({ page, problems }) => {
        await page.goto(link);
        await page.getByRole('form', { name: 'Join the team' }).waitFor();
        await page.getByLabel('First Name').fill('Sam');
        await page.getByLabel('Last Name').fill('Counter');
        await page.getByLabel('Password').fill(staff.password);
        await page.getByRole('button', { name: 'Join the team' }).click();
        await page.getByText(TEAM_TEXTS.accepted).waitFor();

        // The staff member signs in and sees only their pages.
        await signIn(page, staff.email, staff.password);
        const nav = page.getByRole('navigation').first();
        await nav.getByRole('link', { name: 'Customers' }).waitFor();
        for (const absent of ['My Package', 'Team', 'Management', 'Setup']) {
          expect(await nav.getByRole('link', { name: absent, exact: true }).count(), absent).toBe(0);
        }
        expect(await page.getByRole('button', { name: 'Create Post' }).count()).toBe(0);
        // A page their role does not include opens the dashboard and says why.
        await page.goto('/vouchers');
        await page.getByText(TEAM_TEXTS.pageNotAllowed('Voucher Management')).waitFor();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/');

        // At the counter: the customer's code, redeemed by Sam.
        await page.goto('/vouchers/redeem');
        await page.getByRole('heading', { name: 'Redeem a Voucher' }).waitFor();
        await page.getByLabel('Voucher code').fill(customer.code);
        await page.getByRole('button', { name: 'Look Up' }).click();
        await page.getByRole('article').getByText('Ready to Redeem').waitFor();
        await page.getByRole('button', { name: 'Confirm Redemption' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `Voucher redeemed: ${title}.` })
          .waitFor();
        await page.getByText('Redeemed by Sam').waitFor();
        await expectAccessible(page, 'staff: a redeemed voucher');

        // The owner looks the same code up: already redeemed, by Sam.
        await ownerPage.goto('/vouchers/redeem');
        await ownerPage.getByLabel('Voucher code').fill(customer.code);
        await ownerPage.getByRole('button', { name: 'Look Up' }).click();
        const result = ownerPage.getByRole('article');
        await result.getByText('Already Redeemed').waitFor();
        await result.getByText('by Sam').waitFor();

        // The owner removes Sam; Sam's very next call ends the session.
        await ownerPage.goto('/team');
        await ownerPage.getByRole('button', { name: /^Remove: Sam/ }).click();
        const dialog = ownerPage.getByRole('alertdialog');
        await dialog.getByRole('button', { name: 'Remove' }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => ownerPage.getByRole('button', { name: /^Remove: Sam/ }).count()).toBe(0);

        await page
          .getByRole('link', { name: 'Calendar' })
          .click()
          .catch(() => undefined);
        await page.goto('/bookings/calendar');
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/login');
        // Nor can Sam sign in again.
        await fillSignIn(page, staff.email, staff.password);
        await page.getByRole('alert').waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(problems.filter((p) => !/401|403/.test(p))).toEqual([]);
      });
      expect(ownerProblems).toEqual([]);
    });
  }, 240_000);
});
