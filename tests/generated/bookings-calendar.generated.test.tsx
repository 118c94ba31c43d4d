/**
 * Every transition of the Bookings Calendar, played through the real page (react-big-calendar in
 * jsdom) with fake bookings and resources: the Monday window, navigation and the filter reloading it,
 * Booking Details, the Create Booking dialog.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Booking } from '#contracts/bookings.ts';
import { type BookingDetail, bookingDetailsMachine, type SettableStatus } from '#machines/booking-details.machine.ts';
import { bookingFormMachine } from '#machines/booking-form.machine.ts';
import { type CalendarContext, calendarPollerMachine, calendarWindow } from '#machines/bookings-calendar.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { bookingsCalendarEntry, windowTable } from '#machines/samples/bookings.samples.ts';
import { slotLabel } from '#src/features/bookings/booking-form-modal.tsx';
import { BookingsCalendarView, calendarGridChunk } from '#src/features/bookings/calendar-page.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

// In the built app the grid (react-big-calendar) is a chunk fetched once the page has painted; here it is
// fetched up front, so a ready calendar shows in the same render as in a browser once the chunk is in.
await calendarGridChunk.load();

const live = (flow: Flow) => flow.live().context as CalendarContext;
const filter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Filter:' });
const details = () => screen.queryByRole('dialog', { name: specTexts.bookingDetails });
const creating = () => screen.queryByRole('dialog', { name: specTexts.createNewBooking });

function expectPage(flow: Flow) {
  const ctx = live(flow);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(specTexts.bookingsCalendar);
  const options = within(filter()).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    specTexts.allResources,
    ...ctx.resources.map((r) => r.resourcename),
  ]);
  expect(filter().value).toBe(ctx.resourceId);
}

function expectCalendar(flow: Flow) {
  expectPage(flow);
  const ctx = live(flow);
  const active = screen.getByRole('button', { name: ctx.view === 'week' ? 'Week' : 'Day' });
  expect(active.className).toContain('rbc-active');
  // Only the two views of the spec.
  expect(screen.queryByRole('button', { name: 'Month' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Agenda' })).toBeNull();
  // The legend names every shown resource; every event names its customer and resource.
  const legend = screen.queryByRole('list', { name: 'Resources by colour' });
  if (ctx.resources.length > 0) expect(within(legend!).getAllByRole('listitem').length).toBeGreaterThan(0);
  for (const b of ctx.bookings) {
    const box = [...document.querySelectorAll<HTMLElement>('.rbc-event')].find((el) =>
      el.textContent?.includes(`${b.firstname} ${b.surname}`),
    );
    if (ctx.view === 'week' && box) expect(box.textContent).toContain(b.title);
  }
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show cancelled' }).checked).toBe(ctx.showCancelled);
  if (ctx.view === 'week') {
    // Weeks start on Monday.
    expect(document.querySelector('.rbc-time-header .rbc-header')?.textContent).toMatch(/Mon/);
  }
}

/** The dialog with answers at once: a free 9:00 slot, and the booking made. */
const instantForm = bookingFormMachine.provide({
  actors: {
    loadSlots: fromPromise(async () => [{ start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' }]),
    createBooking: fromPromise(
      async (): Promise<Booking> => ({
        bookingid: 'b-new',
        resourceid: windowTable.resourceid,
        start: '2026-11-23T09:00:00.000Z',
        end: '2026-11-23T10:00:00.000Z',
        title: windowTable.resourcename,
        firstname: null,
        surname: null,
        email: 'guest@example.com',
        partysize: 1,
        notes: null,
        status: 'confirmed',
      }),
    ),
  },
});
const settle = () => act(async () => {});
/** The refresh poller's request stays open until a path's "calendar.refreshed" answers it. */
let answerPoll: ((bookings: Booking[]) => void) | null = null;
const heldPoller = calendarPollerMachine.provide({
  // The real poller waits 20 s after the calendar's own load before its first request; here at once.
  delays: { pollInterval: 0 },
  actors: {
    visibility: fromCallback(() => undefined),
    poll: fromPromise(
      () =>
        new Promise<PollResult<Booking[]>>((resolve) => {
          answerPoll = (bookings) => resolve({ kind: 'fresh', data: bookings, etag: '"2"' });
        }),
    ),
  },
});
/** Booking Details with answers at once: the booking as listed, and a status change accepted. */
const instantDetails = bookingDetailsMachine.provide({
  actors: {
    loadBooking: fromPromise(async ({ input }: { input: { bookingid: string } }) => detailOf(input.bookingid)),
    setStatus: fromPromise(
      async ({ input }: { input: { bookingid: string; status: SettableStatus } }): Promise<BookingDetail> => ({
        ...detailOf(input.bookingid),
        status: input.status,
      }),
    ),
  },
});
let listed: Booking[] = [];
const detailOf = (bookingid: string): BookingDetail => {
  const b = listed.find((x) => x.bookingid === bookingid)!;
  return {
    bookingid: b.bookingid,
    resourceid: b.resourceid,
    resourcename: b.title,
    start: b.start,
    end: b.end,
    partysize: b.partysize,
    notes: b.notes,
    status: 'confirmed',
    cancelledat: null,
    cancelreason: null,
    source: 'owner',
    customer: { customerid: 'c-1', firstname: b.firstname, surname: b.surname, email: b.email },
    createdby: null,
    changedby: null,
    cancelledby: null,
  };
};

describeFlow(bookingsCalendarEntry, {
  render: (hooks, flow) => {
    answerPoll = null; // a request of the path before is not this path's
    const input = flow.path.input as { today: string; view: 'week' | 'day' };
    return (
      <BookingsCalendarView
        today={input.today}
        view={input.view}
        formHooks={{ logic: instantForm }}
        detailsHooks={{ logic: instantDetails }}
        pollerLogic={heldPoller}
        {...hooks}
      />
    );
  },
  perform: {
    'calendar.navigate': () => fireEvent.click(screen.getByRole('button', { name: 'Next' })),
    'calendar.view': (e: { view: string }) =>
      fireEvent.click(screen.getByRole('button', { name: e.view === 'day' ? 'Day' : 'Week' })),
    'calendar.filter': (e: { resourceId: string }) => fireEvent.change(filter(), { target: { value: e.resourceId } }),
    'calendar.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
    'calendar.open': async (e: { bookingid: string }, flow) => {
      listed = live(flow).bookings;
      const booking = listed.find((b) => b.bookingid === e.bookingid)!;
      // A newly shown week draws its events a day per frame (calendar-grid.tsx): wait for the box.
      const event = await waitFor(() => {
        const box = [...document.querySelectorAll<HTMLElement>('.rbc-event')].find((el) =>
          el.textContent?.includes(booking.title),
        );
        if (!box) throw new Error(`no event box for ${booking.title} yet`);
        return box;
      });
      fireEvent.click(event);
      await settle();
    },
    // The dialog's own flow is tested in booking-details.generated; here a status is changed through it.
    'calendar.changed': async () => {
      fireEvent.click(within(details()!).getByRole('button', { name: 'Mark no-show' }));
      await settle();
    },
    'calendar.close': () => fireEvent.click(within(details()!).getAllByRole('button', { name: /Close/ })[0]!),
    'calendar.showCancelled': () => fireEvent.click(screen.getByRole('checkbox', { name: 'Show cancelled' })),
    'calendar.refreshed': async (e: { bookings: Booking[] }) => {
      await waitFor(() => expect(answerPoll).not.toBeNull());
      answerPoll!(e.bookings);
      await settle();
    },
    // Dragging needs a real pointer: tests/e2e/bookings.test.ts drags in Chromium. Here the drop's event
    // is sent as the drag-and-drop addon sends it, and the page shows what follows.
    'calendar.move': (e: object, flow) => act(() => flow.recorder.actor('bookingsCalendar')!.send(e as never)),
    'calendar.dismiss': () => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })),
    'calendar.create': () => fireEvent.click(screen.getByRole('button', { name: specTexts.createBooking })),
    // The dialog's own flow is tested in booking-form.generated; here a booking is made through it.
    'calendar.created': async () => {
      const d = within(creating()!);
      fireEvent.change(d.getByLabelText('Resource'), { target: { value: windowTable.resourceid } });
      fireEvent.change(d.getByLabelText('Customer Email'), { target: { value: 'guest@example.com' } });
      await settle();
      fireEvent.click(d.getByRole('button', { name: slotLabel('2026-11-23T09:00:00.000Z') }));
      fireEvent.click(d.getByRole('button', { name: specTexts.createBooking }));
      await settle();
    },
    'calendar.cancelCreate': () => fireEvent.click(within(creating()!).getByRole('button', { name: 'Cancel' })),
  },
  expectUi: {
    'resources.loading': (_s, flow) => {
      expectPage(flow);
      expect(flow.fakes.loadResources?.calls).toBe(1);
    },
    'resources.loaded': (_s, flow) => expectPage(flow),
    'bookings.loading': (_s, flow) => {
      expectPage(flow);
      expect(screen.getByText(specTexts.loadingCalendar)).toBeTruthy();
      const ctx = live(flow);
      expect(flow.fakes.loadBookings?.inputs.at(-1)).toEqual(
        calendarWindow(ctx.date, ctx.resourceId, ctx.showCancelled),
      );
      // Monday 00:00 through 7 days.
      const { startDate, endDate } = calendarWindow(ctx.date, ctx.resourceId, ctx.showCancelled);
      expect(new Date(startDate).getDay()).toBe(1);
      expect(new Date(endDate).getTime() - new Date(startDate).getTime()).toBeGreaterThanOrEqual(167 * 3_600_000);
    },
    'bookings.failed': (_s, flow) => {
      expectPage(flow);
      expect(screen.getByRole('alert').textContent).toContain(specTexts.calendarFailed);
      expect(document.querySelector('.rbc-calendar')).toBeNull();
      expect(live(flow).bookings).toEqual([]);
    },
    'bookings.ready.idle': (_s, flow) => {
      expectCalendar(flow);
      const ctx = live(flow);
      if (ctx.error) expect(screen.getByRole('alert').textContent).toContain(ctx.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(details()).toBeNull();
      expect(creating()).toBeNull();
    },
    'bookings.ready.details': (_s, flow) => {
      const ctx = live(flow);
      const booking = ctx.bookings.find((b) => b.bookingid === ctx.selected)!;
      const d = within(details()!);
      expect(d.getByText('Service / Resource')).toBeTruthy();
      expect(d.getByText(booking.title)).toBeTruthy();
      expect(d.getByText(`${booking.firstname} ${booking.surname}`)).toBeTruthy();
      expect(d.getByText(/^\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM)/)).toBeTruthy();
      expect(d.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
      expect(d.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    },
    'bookings.ready.moving': (_s, flow) => {
      expectCalendar(flow);
      expect(live(flow).beforeMove).not.toBeNull();
    },
    'bookings.ready.creating': () => {
      expect(creating()).not.toBeNull();
      expect(within(creating()!).getByLabelText('Customer Email')).toBeTruthy();
    },
  },
});
