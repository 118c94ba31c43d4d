/**
 * Dragging a booking on the calendar, through the real grid (react-big-calendar and its drag-and-drop
 * addon in jsdom): the pointer presses the booking (or its bottom edge), moves it and lets go. The grid
 * keeps the addon's drag state from re-rendering the week, renders changed events as a transition and
 * hides a moved booking's old box meanwhile (calendar-grid.tsx, decision 025): these show that the owner
 * still sees the booking at its new time (or longer) when the server accepts, back at its old time when
 * it refuses, and never two boxes or none.
 *
 * jsdom lays nothing out: the day column is given a box (24 hours, 100 px an hour) and the pointer's
 * target is the booking's box, as Chromium would report them.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Booking } from '#contracts/bookings.ts';
import type { BookingDetail } from '#machines/booking-details.machine.ts';
import type { BookingMove } from '#machines/bookings-calendar.machine.ts';
import { bookingsCalendarMachine, calendarPollerMachine } from '#machines/bookings-calendar.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { windowTable } from '#machines/samples/bookings.samples.ts';
import { BookingsCalendarView, calendarGridChunk } from '#src/features/bookings/calendar-page.tsx';

const HOUR = 100;
/** Monday 23 November 2026, 9:00 to 10:00 in the browser's zone. */
const booking: Booking = {
  bookingid: 'b-drag',
  resourceid: windowTable.resourceid,
  start: new Date(2026, 10, 23, 9).toISOString(),
  end: new Date(2026, 10, 23, 10).toISOString(),
  title: windowTable.resourcename,
  firstname: 'Amelia',
  surname: 'Hughes',
  email: 'amelia@example.com',
  partysize: 2,
  notes: null,
  status: 'confirmed',
};
const other: Booking = {
  ...booking,
  bookingid: 'b-other',
  start: new Date(2026, 10, 23, 14).toISOString(),
  end: new Date(2026, 10, 23, 15).toISOString(),
  firstname: 'Noah',
  surname: 'Evans',
};
const detail = (move: BookingMove): BookingDetail => ({
  bookingid: booking.bookingid,
  resourceid: booking.resourceid,
  resourcename: booking.title,
  start: move.bookingstarttime,
  end: move.bookingendtime,
  partysize: booking.partysize,
  notes: booking.notes,
  status: 'confirmed',
  cancelledat: null,
  cancelreason: null,
  source: 'owner',
  customer: { customerid: 'c-1', firstname: booking.firstname, surname: booking.surname, email: booking.email },
  createdby: null,
  changedby: null,
  cancelledby: null,
});

const quietPoller = calendarPollerMachine.provide({
  actors: {
    visibility: fromCallback(() => undefined),
    poll: fromPromise(() => new Promise<PollResult<Booking[]>>(() => undefined)),
  },
});
/** The calendar with the two bookings; the server answers a move with `answer`. */
const calendar = (answer: (move: BookingMove) => Promise<BookingDetail>) =>
  bookingsCalendarMachine.provide({
    actors: {
      loadResources: fromPromise(async () => [windowTable]),
      loadBookings: fromPromise(async () => [booking, other]),
      moveBooking: fromPromise(({ input }: { input: BookingMove }) => answer(input)),
    },
  });

beforeAll(async () => {
  await calendarGridChunk.load();
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'elementFromPoint');
});

/** Every box showing Amelia's booking (the hidden old one of a moved booking does not count). */
const shownBoxes = () =>
  [...document.querySelectorAll<HTMLElement>('.rbc-event')].filter(
    (box) => box.textContent?.includes('Amelia Hughes') && !box.querySelector('[data-stale]'),
  );
const shownTimes = () => shownBoxes().map((box) => box.querySelector('.rbc-event-label')?.textContent);

/** jsdom's boxes: the day column 24 hours tall from the top of the page, a booking where its time puts it. */
function layOut() {
  const column = document.querySelector<HTMLElement>('.rbc-day-slot .rbc-events-container')!;
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this === column ? 24 * HOUR : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this === column ? 200 : 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this === column) return new DOMRect(0, 0, 200, 24 * HOUR);
    const box = this.closest('.rbc-event');
    if (box === shownBoxes()[0]) return new DOMRect(0, 9 * HOUR, 200, HOUR);
    return new DOMRect(0, 0, 0, 0);
  });
}

/** The pointer, as Chromium sends it (react-big-calendar reads pageX/pageY). */
function pointer(type: string, target: Element, y: number) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: 100, clientY: y });
  Object.defineProperties(event, { pageX: { value: 100 }, pageY: { value: y } });
  act(() => {
    target.dispatchEvent(event);
  });
}

/**
 * Presses Amelia's booking (9:00 to 10:00) on its name or on its bottom edge at `from` px, moves the
 * pointer to `to` px and lets go.
 */
async function drag(part: 'name' | 'bottom edge', from: number, to: number) {
  const box = await waitFor(() => {
    const [found] = shownBoxes();
    if (!found) throw new Error('no box for the booking yet');
    return found;
  });
  layOut();
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => box });
  const handle = box.querySelector(
    part === 'name' ? '.booking-event-name' : '.rbc-addons-dnd-resize-ns-anchor:last-child',
  )!;
  // In a browser React renders the press (the addon's "drag begins") before react-big-calendar's
  // document listener sees it: microtasks run between listeners. A dispatched event runs them only
  // after all its listeners, so the press is sent twice: the second finds the drag begun.
  pointer('mousedown', handle, from);
  pointer('mousedown', handle, from);
  // react-big-calendar follows the pointer on the document: it moves over the grid.
  const grid = document.querySelector('.rbc-time-view')!;
  pointer('mousemove', grid, from + 10);
  pointer('mousemove', grid, to);
  pointer('mouseup', grid, to);
}
/** Drags the booking by its name, 20 px into it, two hours later. */
const dragTwoHoursLater = () => drag('name', 9 * HOUR + 20, 11 * HOUR + 20);

describe('dragging a booking on the calendar', () => {
  it('shows the booking at its new time once the server accepts, in one box', async () => {
    let accept: (() => void) | undefined;
    const moves: BookingMove[] = [];
    const logic = calendar(
      (move) =>
        new Promise((resolve) => {
          moves.push(move);
          accept = () => resolve(detail(move));
        }),
    );
    render(<BookingsCalendarView today="2026-11-23" view="day" logic={logic} pollerLogic={quietPoller} />);
    expect(await screen.findByText('Noah Evans', {}, { timeout: 10_000 })).toBeTruthy();
    await dragTwoHoursLater();

    // The server is asked for 11:00 to 12:00; meanwhile the booking shows there, once.
    expect(moves).toEqual([
      {
        bookingid: booking.bookingid,
        bookingstarttime: new Date(2026, 10, 23, 11).toISOString(),
        bookingendtime: new Date(2026, 10, 23, 12).toISOString(),
      },
    ]);
    await waitFor(() => expect(shownTimes()).toEqual(['11:00 AM – 12:00 PM']));
    await act(async () => accept?.());
    await waitFor(() => expect(shownTimes()).toEqual(['11:00 AM – 12:00 PM']));
    expect(document.querySelector('[data-stale]')).toBeNull();
    // The other booking stays where it was, and the moved one is still a button to open from the keyboard.
    expect(screen.getByText('Noah Evans').closest('.rbc-event')?.textContent).toContain('2:00 PM – 3:00 PM');
    expect(shownBoxes()[0]?.getAttribute('role')).toBe('button');
    expect(shownBoxes()[0]?.tabIndex).toBe(0);
  });

  it('makes the booking longer when its bottom edge is dragged an hour down', async () => {
    const moves: BookingMove[] = [];
    const logic = calendar(async (move) => {
      moves.push(move);
      return detail(move);
    });
    render(<BookingsCalendarView today="2026-11-23" view="day" logic={logic} pollerLogic={quietPoller} />);
    expect(await screen.findByText('Noah Evans', {}, { timeout: 10_000 })).toBeTruthy();
    await drag('bottom edge', 10 * HOUR - 2, 11 * HOUR + 10);

    expect(moves).toEqual([
      {
        bookingid: booking.bookingid,
        bookingstarttime: new Date(2026, 10, 23, 9).toISOString(),
        bookingendtime: new Date(2026, 10, 23, 11).toISOString(),
      },
    ]);
    await waitFor(() => expect(shownTimes()).toEqual(['9:00 AM – 11:00 AM']));
  });

  it('puts the booking back at its old time, with the server’s reason, when the server refuses', async () => {
    const logic = calendar(async () => {
      throw { message: 'Resource is not available at the requested time.' };
    });
    render(<BookingsCalendarView today="2026-11-23" view="day" logic={logic} pollerLogic={quietPoller} />);
    expect(await screen.findByText('Noah Evans', {}, { timeout: 10_000 })).toBeTruthy();
    await dragTwoHoursLater();

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Resource is not available at the requested time.',
    );
    await waitFor(() => expect(shownTimes()).toEqual(['9:00 AM – 10:00 AM']));
    expect(document.querySelector('[data-stale]')).toBeNull();
  });
});
