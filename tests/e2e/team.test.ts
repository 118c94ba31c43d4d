/**
 * Issue 25 in real Chromium against the npm start stack: the Team page and the accept-invite page at
 * 375 px, axe clean in each state a person meets. (The whole journey, invite → accept → staff signs in
 * → redeems → removed, is the merger's: it needs the team's server side.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { TEAM_TEXTS } from '#contracts/team.ts';
import {
  available,
  expectAccessible,
  latestMailLink,
  signIn,
  stack,
  uniqueEmail,
  useBrowser,
  withPage,
} from './support/browser.ts';

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

      await page.getByLabel('First Name').fill('Sam');
      await page.getByLabel('Last Name').fill('Patel');
      await page.getByLabel('Password').fill('Counter#2026e2e');
      await page.getByRole('button', { name: 'Join the team' }).click();
      await page.getByText(TEAM_TEXTS.accepted).waitFor();
      await expectAccessible(page, 'accept-invite: joined');
      expect(problems).toEqual([]);
    });
  });
});
