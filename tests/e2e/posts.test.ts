/**
 * Editing and deleting a post on its card in Your Feed, in real Chromium at 375 px: the keyboard edits in
 * place (Enter on "Edit", Ctrl+Enter saves, focus back on "Edit"), the delete question starts on Cancel,
 * axe finds nothing, and the page never scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { available, expectAccessible, registeredOwner, signIn, useBrowser, withPage } from './support/browser.ts';

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}` : 'BODY';
  });
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.runIf(available)('a post edited and deleted from Your Feed', () => {
  const browser = useBrowser();

  test('edits in place by keyboard and deletes after the question, at 375 px', async () => {
    const owner = await registeredOwner('post-edits', 'Pat');
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, owner.email, owner.password);
      await page.getByLabel('Post text').fill('Scones at 8');
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      const feed = page.getByRole('region', { name: 'Your Feed' });
      await feed.getByText('Scones at 8').waitFor();

      const edit = feed.getByRole('button', { name: 'Edit: Scones at 8' });
      await edit.focus();
      await page.keyboard.press('Enter');
      const editor = feed.getByRole('textbox', { name: 'Edit post text' });
      await editor.waitFor();
      expect(await focusedName(page)).toBe('TEXTAREA Edit post text');
      await expectAccessible(page, 'the post editor');
      expect(await sideways(page)).toBe(false);
      await editor.fill('Scones at 9');
      await page.keyboard.press('Control+Enter');
      await feed.getByText('Scones at 9').waitFor();
      await editor.waitFor({ state: 'detached' });
      expect(await focusedName(page)).toBe('BUTTON Edit: Scones at 9');

      await feed.getByRole('button', { name: 'Delete: Scones at 9' }).click();
      const question = page.getByRole('alertdialog', { name: 'Delete this post?' });
      await question.getByText(/still counts toward today/).waitFor();
      expect(await focusedName(page)).toBe('BUTTON Cancel');
      await expectAccessible(page, 'the delete question');
      expect(await sideways(page)).toBe(false);
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      await feed.getByText('Scones at 9').waitFor();

      await feed.getByRole('button', { name: 'Delete: Scones at 9' }).click();
      await question.getByRole('button', { name: 'Delete post' }).click();
      await feed.getByText("You haven't made any posts yet.").waitFor();
      expect(problems).toEqual([]);
    });
  });
});
