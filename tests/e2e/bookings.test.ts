/**
 * Bookings in real Chromium against the npm start stack: the demo owner creates a resource, opens it Monday
 * to Sunday 09:00-17:00, books a customer who follows the business (a seeded follower of the app), and
 * finds the booking on the week view, under the filter, and in Booking Details; 375 px and axe checks.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { person } from '../../server/sim/customers.ts';
import { available, expectAccessible, SignedInStorage, stack, useBrowser } from './support/browser.ts';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * A customer of the app who follows the demo business: one of the seed's followers, who signed up
 * through the customer API.
 */
const follower = person(0, 'customers.example');

describe.runIf(available)('bookings, from setup to the calendar', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('a resource open Mon-Sun 09:00-17:00, a booking of a follower, seen on the week view, filtered, in detail', async () => {
    // The demo owner (Starter: five resources, two seeded).
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      await page.goto('/bookings/setup');
      await page.getByRole('button', { name: 'Schedule for Window Table' }).waitFor();
      await expectAccessible(page, 'Booking Setup');

      await page.getByRole('button', { name: 'Add Resource' }).click();
      const form = page.getByRole('dialog', { name: 'Create New Resource' });
      await form.getByLabel('Name').fill('Treatment Room');
      await form.getByLabel('Capacity').fill('2');
      await form.getByRole('button', { name: 'Save' }).click();
      const row = page.getByRole('listitem').filter({ hasText: 'Treatment Room' });
      await row.getByText('Capacity: 2').waitFor();
      await row.getByText('Active', { exact: true }).waitFor();

      await row.getByRole('button', { name: 'Schedule for Treatment Room' }).click();
      const schedule = page.getByRole('dialog', { name: 'Manage Schedule for Treatment Room' });
      await schedule.getByText('No schedule defined yet.').waitFor();
      const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
      for (const [n, day] of days.entries()) {
        await schedule.getByLabel('Day', { exact: true }).selectOption({ label: day });
        await expect.poll(() => schedule.getByLabel('Start Time').inputValue()).toBe('09:00');
        await schedule.getByRole('button', { name: 'Add Rule' }).click();
        await schedule.getByText(`${day}: 09:00 - 17:00`).waitFor();
        expect(await schedule.getByRole('listitem').count()).toBe(n + 1);
      }
      await expectAccessible(page, 'the schedule dialog');
      await schedule.getByRole('button', { name: 'Close' }).last().click();

      await page.goto('/bookings/calendar');
      await page.getByRole('heading', { name: 'Bookings Calendar' }).waitFor();
      await page.locator('.rbc-time-view').waitFor();
      await page.getByRole('button', { name: 'Create Booking' }).click();
      const booking = page.getByRole('dialog', { name: 'Create New Booking' });
      await booking.getByLabel('Resource').selectOption({ label: 'Treatment Room' });
      await booking.getByLabel('Customer Email').fill(follower.email);
      // Tomorrow, so the whole day is ahead: the first slot is 9:00 AM.
      const tomorrow = await page.evaluate(() => {
        const d = new Date(Date.now() + 86_400_000);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await booking.getByLabel('Date').fill(tomorrow);
      await booking.getByRole('button', { name: '9:00 AM' }).click();
      await expect
        .poll(() => booking.getByRole('button', { name: '9:00 AM' }).getAttribute('aria-pressed'))
        .toBe('true');
      await expectAccessible(page, 'Create New Booking');
      await booking.getByRole('button', { name: 'Create Booking' }).click();
      await booking.waitFor({ state: 'detached' });

      // Tomorrow may be in next week's window: go there when it is.
      const event = page.locator('.rbc-event').filter({ hasText: 'Treatment Room' });
      const nextWeek = await page.evaluate(() => new Date(Date.now() + 86_400_000).getDay() === 1);
      if (nextWeek) await page.getByRole('button', { name: 'Next' }).click();
      await event.first().waitFor();

      // The filtered window is asked for once: its refresh waits a full interval (20 s) after the load.
      const windowGets: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/businesses/me/bookings' && url.searchParams.has('resourceId')) {
          windowGets.push(url.search);
        }
      });
      const filter = page.getByLabel('Filter:');
      await filter.selectOption({ label: 'Treatment Room' });
      await event.first().waitFor();
      expect(await page.locator('.rbc-event').count()).toBe(1);
      await page.waitForTimeout(1500);
      expect(windowGets).toHaveLength(1);

      await event.first().click();
      const details = page.getByRole('dialog', { name: 'Booking Details' });
      await details.getByText('Treatment Room').waitFor();
      await details.getByText(`${follower.firstName} ${follower.lastName}`).waitFor();
      await details.getByText(/^9:00 AM - 10:00 AM/).waitFor();
      await expectAccessible(page, 'Booking Details');
      await details.getByRole('button', { name: 'Close' }).last().click();
      await expectAccessible(page, 'the Bookings Calendar');
      expect(problems).toEqual([]);
    });
  });

  test('at 375 px the calendar opens on the day view and neither page scrolls sideways', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      for (const path of ['/bookings/setup', '/bookings/calendar']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (path === '/bookings/calendar') {
          await page.locator('.rbc-time-view').waitFor();
          await expect
            .poll(() => page.getByRole('button', { name: 'Day', exact: true }).getAttribute('class'))
            .toContain('rbc-active');
        } else await page.getByText('Window Table').first().waitFor();
        expect(await noSidewaysScroll(page), path).toBe(true);
        await expectAccessible(page, `${path} at 375px`);
      }
      expect(problems).toEqual([]);
    });
  });

  test('Booking Settings: saved, kept after a reload, readable at 375 px with the keyboard', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      await page.goto('/bookings/setup');
      const settings = page.getByRole('region', { name: 'Booking Settings' });
      const reminder = settings.getByLabel('Reminder e-mail to the customer');
      const cutoff = settings.getByLabel('Customers can cancel in the app until');
      await reminder.waitFor();
      expect(await reminder.inputValue()).toBe('1440');
      expect(await cutoff.inputValue()).toBe('120');
      await reminder.selectOption({ label: '48 hours before' });
      await cutoff.selectOption({ label: '24 hours before' });
      await settings.getByLabel('E-mail me when a customer books or cancels in the app').uncheck();
      // Saved from the keyboard: Tab to the button, Enter.
      await settings.getByRole('button', { name: 'Save Settings' }).focus();
      await page.keyboard.press('Enter');
      await settings.getByText('Booking settings saved.').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'Booking Settings at 375px');

      await page.reload();
      await reminder.waitFor();
      expect(await reminder.inputValue()).toBe('2880');
      expect(await cutoff.inputValue()).toBe('1440');
      expect(await settings.getByLabel('E-mail me when a customer books or cancels in the app').isChecked()).toBe(
        false,
      );

      // Back to the defaults for the other tests.
      await reminder.selectOption({ label: '24 hours before' });
      await cutoff.selectOption({ label: '2 hours before' });
      await settings.getByLabel('E-mail me when a customer books or cancels in the app').check();
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      await settings.getByText('Booking settings saved.').waitFor();
      expect(problems).toEqual([]);
    });
  });
});
