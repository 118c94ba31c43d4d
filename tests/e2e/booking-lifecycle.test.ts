/**
 * Issue 24 in real Chromium against the npm start stack: Booking Details at 375 px (edit, reschedule,
 * mark no-show, cancel with a reason; axe on every dialog, no sideways scroll), and on a computer a
 * booking dragged to another time (the server accepts) and a resize the server refuses (it returns
 * with the server's message). The demo's resources are open every day 08:00-18:00.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { available, expectAccessible, SignedInStorage, stack, uniqueEmail, useBrowser } from './support/browser.ts';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const tomorrowOf = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

/** Books `email` tomorrow at `time` on the Meeting Room through Create Booking. */
async function bookTomorrow(page: Page, email: string, time: string) {
  await page.getByRole('button', { name: 'Create Booking' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Booking' });
  await form.getByLabel('Resource').selectOption({ label: 'Meeting Room' });
  await form.getByLabel('Customer Email').fill(email);
  await form.getByLabel('Date').fill(await tomorrowOf(page));
  await form.getByRole('button', { name: time, exact: true }).click();
  await form.getByRole('button', { name: 'Create Booking' }).click();
  await form.waitFor({ state: 'detached' });
}

describe.runIf(available)('a booking after it is made', () => {
  const browser = useBrowser();
  // The demo owner signs in through /login once; later journeys open with the session that left.
  const demo = new SignedInStorage(stack.demo.email, stack.demo.password);

  test('Booking Details at 375 px: edit, reschedule, no-show, cancel with a reason; axe clean', async () => {
    await demo.journey(browser(), 375, async ({ page, problems }) => {
      const email = uniqueEmail('details');
      await page.goto('/bookings/calendar');
      await page.locator('.rbc-time-view').waitFor();
      await bookTomorrow(page, email, '3:00 PM');
      // The day view: tomorrow is one "Next" away.
      await page.getByRole('button', { name: 'Next' }).click();
      const event = page.locator('.rbc-event').filter({ hasText: email });
      await event.first().click();

      const details = page.getByRole('dialog', { name: 'Booking Details' });
      await details.getByText('Confirmed').waitFor();
      await details.getByText(/^3:00 PM - 4:00 PM/).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'Booking Details at 375px');
      await page.screenshot({ path: 'test-results/booking-details-375.png', fullPage: true });

      await details.getByRole('button', { name: 'Edit notes and party size' }).click();
      await details.getByLabel('Party Size').fill('3');
      await details.getByLabel('Notes').fill('Projector please');
      await details.getByRole('button', { name: 'Save', exact: true }).click();
      await details.getByText('Projector please').waitFor();
      await details.getByText('3', { exact: true }).waitFor();

      await details.getByRole('button', { name: 'Reschedule' }).click();
      const move = page.getByRole('dialog', { name: 'Reschedule booking' });
      await move.getByRole('button', { name: '4:30 PM', exact: true }).click();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'Reschedule at 375px');
      await page.screenshot({ path: 'test-results/reschedule-375.png', fullPage: true });
      await move.getByRole('button', { name: 'Save new time' }).click();
      await details.getByText(/^4:30 PM - 5:30 PM/).waitFor();

      await details.getByRole('button', { name: 'Mark no-show' }).click();
      await details.getByText('No-show', { exact: true }).waitFor();
      await details.getByRole('button', { name: 'Mark confirmed' }).click();
      await details.getByText('Confirmed', { exact: true }).waitFor();

      await details.getByRole('button', { name: 'Cancel booking' }).click();
      const question = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await question.getByLabel('Reason (optional)').fill('Customer phoned, ill');
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page, 'the cancel question at 375px');
      await question.getByRole('button', { name: 'Cancel booking' }).click();
      await question.waitFor({ state: 'detached' });
      await details.getByText('Cancelled', { exact: true }).waitFor();
      expect(await details.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
      await details.getByRole('button', { name: 'Close' }).last().click();

      // Cancelled bookings are hidden, and shown struck through on request.
      await expect.poll(() => event.count()).toBe(0);
      await page.getByLabel('Show cancelled').check();
      await event.first().waitFor();
      expect(await event.first().evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
      await expectAccessible(page, 'the calendar with cancelled bookings at 375px');
      await page.screenshot({ path: 'test-results/calendar-cancelled-375.png', fullPage: true });
      expect(problems).toEqual([]);
    });
  });

  test('drag a booking two hours later (the server accepts); a move after closing time is refused and returns', async () => {
    await demo.journey(browser(), 1280, async ({ page, problems }) => {
      const email = uniqueEmail('drag');
      // Tall enough that the whole open day (08:00-18:00 and after) is on screen for the pointer.
      await page.setViewportSize({ width: 1280, height: 1800 });
      await page.goto('/bookings/calendar');
      await page.locator('.rbc-time-view').waitFor();
      await bookTomorrow(page, email, '12:00 PM');
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      const event = page.locator('.rbc-event').filter({ hasText: email }).first();
      await event.waitFor();
      await expect.poll(() => event.textContent()).toContain('12:00 PM');
      await expectAccessible(page, 'the calendar in colour');
      await page.screenshot({ path: 'test-results/calendar-day-colour.png' });

      const box = (await event.boundingBox())!;
      // The booking lasts an hour: two 30-minute slots.
      const slot = { height: box.height / 2 };
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      // Two hours: four 30-minute slots.
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/bookings/'));
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 10, { steps: 3 });
      await page.mouse.move(x, y + slot.height * 4 + slot.height / 3, { steps: 8 });
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => event.textContent()).toContain('2:00 PM');

      // Then to 6:30 PM, after the Meeting Room closes at 6 PM: the server refuses and it returns.
      const before = (await event.boundingBox())!;
      const refused = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes('/api/bookings/'),
      );
      const fromY = before.y + before.height / 2;
      await page.mouse.move(x, fromY);
      await page.mouse.down();
      await page.mouse.move(x, fromY + 10, { steps: 3 });
      await page.mouse.move(x, fromY + slot.height * 9 + slot.height / 3, { steps: 8 });
      await page.mouse.up();
      const answer = await refused;
      expect(answer.status()).toBeGreaterThanOrEqual(400);
      const { message } = (await answer.json()) as { message: string };
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      await expect.poll(() => event.textContent()).toContain('2:00 PM');
      // Back in its 2 PM place (the message above the calendar moves the whole grid down by its height).
      expect((await event.boundingBox())!.height).toBeCloseTo(before.height, 0);
      await expectAccessible(page, 'the refused move');
      await page.screenshot({ path: 'test-results/calendar-refused-move.png' });
      // The refused PATCH is the one failed request Chromium logs.
      expect(problems.filter((p) => !p.includes('status of 409') && !p.includes('status of 400'))).toEqual([]);
    });
  });
});
