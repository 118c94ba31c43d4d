/**
 * No relay (issue 22): when the server held the customer's e-mail (a stranger past the business's
 * limit), the booking answer's `mailHeld` reaches the calendar's toast, and a resource delete's toast
 * carries it after its message. A fake fetch answers as the server does (tests/server/mail-relay.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mailHeldText } from '#contracts/bookings.ts';
import { createBooking, deleteResource } from '#src/api/bookings.ts';
import { configureApi } from '#src/api/client.ts';
import { bookingCreatedToast } from '#src/features/bookings/calendar-page.tsx';

const booking = {
  bookingid: 'b-1',
  resourceid: 'r-1',
  start: '2030-06-03T09:00:00.000Z',
  end: '2030-06-03T10:00:00.000Z',
  title: 'Chair',
  firstname: null,
  surname: null,
  email: 'guest@example.com',
  partysize: 1,
  notes: null,
  status: 'confirmed',
};
const held = mailHeldText(1, 5, 'hour');
let body: unknown;
beforeEach(() => {
  configureApi({
    baseUrl: 'http://portal.test',
    accessToken: async () => 'access-123',
    fetch: vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ) as typeof fetch,
  });
});

describe('a held e-mail', () => {
  it('is named in the toast after a booking, and absent when the e-mail went', async () => {
    body = { data: booking, mailHeld: held };
    expect(bookingCreatedToast(await createBooking({}))).toBe(`Booking created. ${held}`);
    body = { data: booking };
    const sent = await createBooking({});
    expect(sent).toEqual(booking);
    expect(bookingCreatedToast(sent)).toBe('Booking created.');
  });

  it("follows a resource delete's message", async () => {
    body = { message: 'Resource deleted; 2 bookings cancelled.', mailHeld: mailHeldText(2, 5, 'day') };
    expect((await deleteResource('r-1', true)).message).toBe(
      `Resource deleted; 2 bookings cancelled. ${mailHeldText(2, 5, 'day')}`,
    );
  });
});
