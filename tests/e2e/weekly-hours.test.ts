/**
 * "Weekly hours" (issue 24) in real Chromium against the npm start stack, at 375 px and by keyboard: the
 * demo owner adds a resource, opens Monday 09:00-12:00 and 13:00-17:00, copies Monday to the weekdays,
 * saves, and the spec's rows ("Day: HH:MM - HH:MM") show what the server now holds; axe clean.
 */
import { describe, expect, test } from 'vitest';
import { available, expectAccessible, signIn, stack, useBrowser, withPage } from './support/browser.ts';

describe.runIf(available)('weekly hours', () => {
  const browser = useBrowser();

  test('Monday with two ranges copied to the weekdays and saved shows as the spec rows, at 375 px, by keyboard', async () => {
    await withPage(browser(), 375, async ({ page, problems }) => {
      await signIn(page, stack.demo.email, stack.demo.password);
      await page.goto('/bookings/setup');
      await page.getByRole('button', { name: 'Add Resource' }).click();
      const form = page.getByRole('dialog', { name: 'Create New Resource' });
      await form.getByLabel('Name').fill('Hours Room');
      await form.getByLabel('Capacity').fill('1');
      await form.getByRole('button', { name: 'Save' }).click();
      const row = page.getByRole('listitem').filter({ hasText: 'Hours Room' });
      await row.getByRole('button', { name: 'Schedule for Hours Room' }).click();
      const schedule = page.getByRole('dialog', { name: 'Manage Schedule for Hours Room' });
      await schedule.getByText('No schedule defined yet.').waitFor();
      const grid = schedule.getByRole('form', { name: 'Weekly hours' });

      // Keyboard: Space ticks Open, Enter presses the buttons, times are typed.
      await grid.getByRole('checkbox', { name: 'Open on Monday' }).focus();
      await page.keyboard.press('Space');
      await grid.getByLabel('Opens (Monday hours 1)').fill('09:00');
      await grid.getByLabel('Closes (Monday hours 1)').fill('12:00');
      await grid.getByRole('button', { name: 'Add hours on Monday' }).focus();
      await page.keyboard.press('Enter');
      await grid.getByLabel('Opens (Monday hours 2)').fill('13:00');
      await grid.getByLabel('Closes (Monday hours 2)').fill('17:00');
      await grid.getByRole('button', { name: 'Copy Monday to weekdays' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => grid.getByLabel('Closes (Friday hours 2)').inputValue()).toBe('17:00');
      expect(await grid.getByRole('checkbox', { name: 'Open on Saturday' }).isChecked()).toBe(false);
      await expectAccessible(page, 'the weekly hours grid at 375px');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);

      await grid.getByRole('button', { name: 'Save weekly hours' }).focus();
      await page.keyboard.press('Enter');
      const rows = schedule.getByRole('list', { name: 'Weekly schedule' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);
      const texts = (await rows.allTextContents()).map((t) => t.trim());
      const expected = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].flatMap((day) => [
        `${day}: 09:00 - 12:00`,
        `${day}: 13:00 - 17:00`,
      ]);
      expect(texts).toEqual(expected);
      // The grid reads the saved week back: Tuesday open with both ranges.
      expect(await grid.getByLabel('Opens (Tuesday hours 2)').inputValue()).toBe('13:00');
      await expectAccessible(page, 'the schedule after saving weekly hours');

      // An overlap is refused before any call, with a clear message.
      await grid.getByRole('button', { name: 'Add hours on Wednesday' }).click();
      await grid.getByLabel('Opens (Wednesday hours 3)').fill('16:00');
      await grid.getByRole('button', { name: 'Save weekly hours' }).click();
      await grid.getByRole('alert').getByText('Wednesday: 13:00 - 17:00 overlaps 16:00 - 23:59.').waitFor();
      expect((await rows.allTextContents()).length).toBe(10);
      expect(problems).toEqual([]);
    });
  });
});
