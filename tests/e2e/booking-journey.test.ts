/**
 * Issue 24's whole journey in real Chromium against the npm start stack, as the two people live it: a
 * customer of the app (signed up and verified through the development mailbox) books a free slot
 * through the customer API; it appears on the owner's open calendar within one poll, no reload; the
 * owner drags it two hours later; the customer's mailbox has the new time; the owner cancels it in
 * Booking Details; the customer is offered the seat again. A new owner of its own (one resource for
 * two, open every day 08:00-18:00, the business in the browser's zone) so no other test's bookings
 * share the slots.
 */
import { describe, expect, test } from 'vitest';
import { authorized, createCustomer, mailboxOverHttp, signInCustomer } from '../../server/sim/customers.ts';
import { available, expectAccessible, registeredOwner, signIn, useBrowser, withPage } from './support/browser.ts';
import { api, call, pool } from './support/corpus-business.ts';

type Slot = { start: string; end: string };
type Mail = { to: string; subject: string; text: string };

/** "10:00 AM": a slot's start as the owner and the customer read it in the business's zone. */
const clock = (zone: string, iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

describe.runIf(available)('a customer books, the owner moves and cancels, the seat is offered again', () => {
  const browser = useBrowser();

  test('book in the app → on the calendar within a poll → dragged → mailed the new time → cancelled → free again', async () => {
    await withPage(browser(), 1280, async ({ page, problems }) => {
      // Tall enough that the whole open day is on screen for the pointer (as booking-lifecycle does).
      await page.setViewportSize({ width: 1280, height: 1800 });
      await page.goto('/login');
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const tomorrow = await page.evaluate(() => {
        const d = new Date(Date.now() + 86_400_000);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });

      // The owner's business: one resource for two, open every day 08:00-18:00, in the browser's zone.
      const owner = await registeredOwner('journey', 'Marta');
      const userPool = await pool();
      const ownerToken = await signInCustomer(call, userPool, owner.email, owner.password);
      const { businessid } = await api<{ businessid: string }>(ownerToken, 'GET', '/api/businesses/me');
      await api(ownerToken, 'PUT', '/api/businesses/me', { businessname: owner.businessName, timezone: zone });
      const { resourceid } = await api<{ resourceid: string }>(ownerToken, 'POST', '/api/booking-resources', {
        resourcename: 'Garden Table',
        description: 'By the fig tree.',
        capacity: 2,
      });
      for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
        await api(ownerToken, 'POST', '/api/availability', {
          resourceid,
          dayofweek,
          starttime: '08:00',
          endtime: '18:00',
        });
      }

      // The customer signs up in the app and verifies through the mailed link.
      const tag = Date.now().toString(36);
      const customer = {
        firstName: 'Odile',
        lastName: `Journey${tag}`,
        email: `odile.${tag}@customers.example`,
        password: 'Customer#Sim2026',
      };
      const customerToken = await createCustomer(call, userPool, customer, mailboxOverHttp(call));
      const offered = async () => {
        const { data } = await api<{ data: { availableSlots: Slot[] } }>(
          customerToken,
          'GET',
          `/api/customer/businesses/${businessid}/availability/${resourceid}?date=${tomorrow}&duration=60&partysize=1`,
        );
        return data.availableSlots.map((s) => clock(zone, s.start));
      };
      const mailsTo = async () =>
        ((await (await call('/dev/mailbox.json')).json()) as Mail[]).filter(
          (m) => m.to === customer.email.toLowerCase(),
        );

      // The owner has the calendar open on tomorrow before the customer books.
      await signIn(page, owner.email, owner.password);
      await page.goto('/bookings/calendar');
      await page.locator('.rbc-time-view').waitFor();
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      const event = page.locator('.rbc-event').filter({ hasText: customer.lastName });
      expect(await event.count()).toBe(0);

      // The customer books 10:00 AM for two (the whole table) through the customer API.
      const before = await offered();
      expect(before).toContain('10:00 AM');
      expect(before).toContain('12:00 PM');
      const slot = (
        await api<{ data: { availableSlots: Slot[] } }>(
          customerToken,
          'GET',
          `/api/customer/businesses/${businessid}/availability/${resourceid}?date=${tomorrow}&duration=60&partysize=2`,
        )
      ).data.availableSlots.find((s) => clock(zone, s.start) === '10:00 AM')!;
      const booked = await call(
        '/api/customer/bookings',
        authorized(customerToken, 'POST', {
          resourceid,
          bookingstarttime: slot.start,
          bookingendtime: slot.end,
          partysize: 2,
          notes: 'A birthday',
        }),
      );
      expect(booked.status).toBe(201);
      expect(await offered()).not.toContain('10:00 AM');

      // On the owner's calendar within one poll (every 20 s), without a reload: the customer's name, 10 AM.
      await event.first().waitFor({ timeout: 25_000 });
      expect(await event.first().textContent()).toContain(`${customer.firstName} ${customer.lastName}`);
      expect(await event.first().textContent()).toContain('10:00 AM');
      await expectAccessible(page, 'the calendar with the app booking');

      // The owner drags it two hours later (four 30-minute slots), as booking-lifecycle does.
      const box = (await event.first().boundingBox())!;
      const half = box.height / 2;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/bookings/'));
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 10, { steps: 3 });
      await page.mouse.move(x, y + half * 4 + half / 3, { steps: 8 });
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => event.first().textContent()).toContain('12:00 PM');
      // The seat at 10 is offered again, the one at noon no longer.
      expect(await offered()).toContain('10:00 AM');
      expect(await offered()).not.toContain('12:00 PM');

      // The customer's mailbox: the change with the new time and the old one.
      const changeMail = async () => (await mailsTo()).find((m) => m.subject.endsWith('has changed'));
      await expect.poll(changeMail, { timeout: 15_000 }).toBeTruthy();
      const changed = (await changeMail())!;
      expect(changed.text).toContain(`Hello ${customer.firstName},`);
      expect(changed.text).toMatch(/It is now:[\s\S]*Garden Table, party of 2[\s\S]*12:00 PM - 1:00 PM/);
      expect(changed.text).toMatch(/\(It was .*10:00 AM - 11:00 AM/);
      // As the customer reads it in the development mailbox.
      const inbox = await page.context().newPage();
      await inbox.goto('/dev/mailbox');
      const article = inbox.locator('article').filter({ hasText: customer.email.toLowerCase() }).first();
      await expect.poll(() => article.textContent()).toContain('12:00 PM - 1:00 PM');
      await inbox.close();

      // The owner cancels it in Booking Details.
      await event.first().click();
      const details = page.getByRole('dialog', { name: 'Booking Details' });
      await details.getByText(/^12:00 PM - 1:00 PM/).waitFor();
      await details.getByText(`${customer.firstName} ${customer.lastName}`).first().waitFor();
      await details.getByRole('button', { name: 'Cancel booking' }).click();
      const question = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await question.getByLabel('Reason (optional)').fill('Kitchen closed for repairs');
      await question.getByRole('button', { name: 'Cancel booking' }).click();
      await question.waitFor({ state: 'detached' });
      await details.getByText('Cancelled', { exact: true }).waitFor();
      await details.getByRole('button', { name: 'Close' }).last().click();
      await expect.poll(() => event.count()).toBe(0);

      // The seat is offered again; the customer's list says cancelled and the mailbox has the cancellation.
      await expect.poll(offered).toContain('12:00 PM');
      const mine = await api<{ data: Array<{ status: string; businessname?: string }> }>(
        customerToken,
        'GET',
        '/api/customer/bookings',
      );
      expect(mine.data.map((b) => b.status)).toEqual(['cancelled']);
      await expect
        .poll(async () => (await mailsTo()).some((m) => m.subject.endsWith('was cancelled')), { timeout: 15_000 })
        .toBe(true);
      expect(problems).toEqual([]);
    });
  }, 120_000);
});
