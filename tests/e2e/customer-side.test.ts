/**
 * The owner's daily loop in real Chromium against the npm start stack, on the seeded demo business (45
 * followers who came through the customer API, three posts with pictures): the dashboard's numbers, a
 * post with a photo, the followers pages and their CSV, and the package page's counts.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { encodePng } from '../../server/media/png.ts';
import { available, expectAccessible, SignedInStorage, stack, useBrowser } from './support/browser.ts';

/** What the API says, read with the page's own session (the access token Amplify keeps). */
async function apiAsPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
    const answer = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
    return answer.json();
  }, path) as Promise<T>;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.runIf(available)('the customer side, seen by the demo owner', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('the dashboard shows the follower numbers the API gives, with the seeded feed', async () => {
    for (const width of [1280, 375]) {
      await demo.journey(browser(), width, async ({ page, problems }) => {
        const stats = await apiAsPage<{ total_users: number; new_users_last_week: number }>(
          page,
          '/api/businesses/me/user-stats',
        );
        expect(stats.total_users).toBeGreaterThanOrEqual(45);
        const followers = page.getByRole('region', { name: 'Follower Stats' });
        await followers.getByText(String(stats.total_users), { exact: true }).waitFor();
        await followers.getByRole('img', { name: /Followers over the last 12 weeks/ }).waitFor();
        const feed = page.getByRole('region', { name: 'Your Feed' });
        await feed.getByRole('article').first().waitFor();
        expect(await feed.getByRole('article').count()).toBeGreaterThanOrEqual(3);
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectAccessible(page, `the dashboard at ${width}px`);
        expect(problems).toEqual([]);
      });
    }
  });

  test('a post with a photo appears at the top of the feed with its image loaded; the package page counts it', async () => {
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      const composer = page.getByRole('form', { name: 'New post' });
      await composer.getByPlaceholder("What's on your mind, Maya?").waitFor();

      // A file that is not an image is refused with the spec's words before anything is sent.
      await composer.locator('input[type="file"]').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await composer
        .getByRole('alert')
        .filter({ hasText: 'Invalid file type. Please select a JPG, PNG, or GIF.' })
        .waitFor();

      const before = await apiAsPage<{ data: { usage: { posts: { currentCount: number } } } }>(
        page,
        `/api/packages/usage/${await businessId(page)}/dashboard`,
      );
      const text = `Today's special: rhubarb crumble (${Date.now().toString(36)})`;
      await composer.getByLabel('Post text').fill(text);
      await composer.locator('input[type="file"]').setInputFiles({
        name: 'crumble.png',
        mimeType: 'image/png',
        buffer: encodePng(96, 64, (x, y) => [180 + (x % 60), 90 + (y % 40), 60]),
      });
      await composer.getByRole('img', { name: 'Attached: crumble.png' }).waitFor();
      await composer.getByRole('button', { name: 'Post', exact: true }).click();
      const first = page.getByRole('region', { name: 'Your Feed' }).getByRole('article').first();
      await first.getByText(text).waitFor();
      const image = first.getByRole('img');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
      expect(await composer.getByLabel('Post text').inputValue()).toBe('');

      await page.goto('/package');
      const posts = page.getByRole('region', { name: 'Posts Today' });
      const count = before.data.usage.posts.currentCount + 1;
      await posts.getByText(String(count), { exact: true }).waitFor();
      const followersCard = page.getByRole('region', { name: 'Followers', exact: true });
      await followersCard.getByText(/^\d+$/).first().waitFor();
      await page.getByRole('button', { name: 'Current Plan' }).waitFor();
      expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
      await expectAccessible(page, 'My Package');
      expect(problems).toEqual([]);
    });
  });

  test('the seeded followers page 20/20/rest, the details show the person pressed, and the CSV downloads', async () => {
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/customers');
      await page.getByRole('heading', { name: 'Your Followers' }).waitFor();
      // 45 seeded; other journeys of this suite (a claim, a message) may have added a few since.
      const { total_users: total } = await apiAsPage<{ total_users: number }>(page, '/api/businesses/me/user-stats');
      expect(total).toBeGreaterThanOrEqual(45);
      expect(total).toBeLessThanOrEqual(60);
      const rows = page.getByRole('region', { name: 'Followers' }).getByRole('listitem').getByRole('button');
      await page.getByText('Page 1 of 3').waitFor();
      await expect.poll(() => rows.count()).toBe(20);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 2 of 3').waitFor();
      await expect.poll(() => rows.count()).toBe(20);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 3 of 3').waitFor();
      await expect.poll(() => rows.count()).toBe(total - 40);
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      const third = rows.nth(2);
      const name = (await third.locator('.follower-name').textContent())!;
      await third.click();
      const dialog = page.getByRole('dialog', { name: 'Follower Details' });
      await dialog.getByText(name, { exact: true }).waitFor();
      await dialog.getByText(/@customers\.example$/).waitFor();
      await expectAccessible(page, 'Follower Details');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await third.evaluate((el) => el === document.activeElement)).toBe(true);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^followers-harbour-lane-coffee-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.toString('utf8').trim().split('\r\n');
      // Every text cell is quoted (a spreadsheet whose list separator is ";" splits nothing).
      expect(lines[0]!.replace(/^\uFEFF/, '')).toBe('"First name","Last name","Email","Followed on","Customer since"');
      expect(lines.length).toBeGreaterThanOrEqual(46);
      await expectAccessible(page, 'Your Followers');
      expect(problems).toEqual([]);
    });
  });

  test('the followers, package and team pages fit a 375 px phone', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      for (const [path, heading] of [
        ['/customers', 'Your Followers'],
        ['/package', 'My Package'],
        ['/team', 'Team'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page
          .locator('[aria-busy="true"]')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await page.waitForLoadState('networkidle');
        expect(await noSidewaysScroll(page), path).toBe(true);
        await expectAccessible(page, `${path} at 375px`);
      }
      expect(problems).toEqual([]);
    });
  });
});

async function businessId(page: Page): Promise<string> {
  return (await apiAsPage<{ businessid: string }>(page, '/api/businesses/me')).businessid;
}
