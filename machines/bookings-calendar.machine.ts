/**
 * The Bookings Calendar (spec §2 "Bookings Calendar", §4 "Calendar window"): the week (Monday of the
 * shown date, through 7 days) of bookings, filtered by resource; navigation and the filter load the
 * window again (a request they replace is stopped, never applied). Booking Details and the Create
 * Booking dialog open over it; a created booking closes the dialog and reloads. Effects: loadBookings,
 * loadResources (a failure there is only logged: the filter then lists no resources).
 */
import { addDays, format, parseISO, startOfWeek } from 'date-fns';
import { assertEvent, assign, setup } from 'xstate';
import { BOOKING_TEXTS, type Booking, type Resource } from '#contracts/bookings.ts';
import type { BookingDetail } from './booking-details.machine.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';
import { createPollerMachine } from './poller.machine.ts';

export type CalendarView = 'week' | 'day';

export interface CalendarWindow {
  startDate: string;
  endDate: string;
  resourceId?: string;
  /** The "Show cancelled" toggle: cancelled bookings come too, struck through. */
  includeCancelled?: 'true';
}

/** The calendar refreshes itself this often while the tab is visible (decision 025). */
export const CALENDAR_POLL_MS = 20_000;

/**
 * The calendar's poller (the pollers' rules: never two requests, paused while hidden, backoff, 304). It
 * starts once the window is shown, so its first request waits a tick: the window was just loaded.
 */
export const calendarPollerMachine = createPollerMachine<Booking[], CalendarWindow>({
  id: 'calendarPoller',
  interval: CALENDAR_POLL_MS,
  onFailure: 'keep',
  what: 'the bookings',
  afterLoad: true,
});

export interface CalendarContext {
  /** The shown date, YYYY-MM-DD in the owner's own calendar. */
  date: string;
  view: CalendarView;
  /** '' = All Resources. */
  resourceId: string;
  resources: Resource[];
  bookings: Booking[];
  error: string | null;
  selected: string | null;
  showCancelled: boolean;
  /** The bookings as they were before a drag, put back when the server refuses the move. */
  beforeMove: Booking[] | null;
}

/** A booking dragged or resized on the calendar (week and day views, 30-minute steps). */
export interface BookingMove {
  bookingid: string;
  bookingstarttime: string;
  bookingendtime: string;
}

export type CalendarEvent =
  | { type: 'calendar.navigate'; date: string }
  | { type: 'calendar.view'; view: CalendarView }
  | { type: 'calendar.filter'; resourceId: string }
  | { type: 'calendar.retry' }
  | { type: 'calendar.open'; bookingid: string }
  | { type: 'calendar.close' }
  | { type: 'calendar.changed'; booking: BookingDetail }
  | { type: 'calendar.create' }
  | { type: 'calendar.created' }
  | { type: 'calendar.cancelCreate' }
  | { type: 'calendar.showCancelled'; show: boolean }
  | { type: 'calendar.refreshed'; bookings: Booking[] }
  | ({ type: 'calendar.move' } & BookingMove)
  | { type: 'calendar.dismiss' };

/** Monday 00:00 of the shown date's week through 7 days, in the owner's own time (spec §4). */
export function calendarWindow(date: string, resourceId: string, showCancelled = false): CalendarWindow {
  const monday = startOfWeek(parseISO(date), { weekStartsOn: 1 });
  return {
    startDate: monday.toISOString(),
    endDate: addDays(monday, 7).toISOString(),
    ...(resourceId ? { resourceId } : {}),
    ...(showCancelled ? { includeCancelled: 'true' as const } : {}),
  };
}

/** A booking changed in Booking Details, as the calendar shows it (a cancelled one leaves it). */
export function applyChange(bookings: Booking[], changed: BookingDetail, showCancelled = false): Booking[] {
  if (changed.status === 'cancelled' && !showCancelled) {
    return bookings.filter((b) => b.bookingid !== changed.bookingid);
  }
  return bookings.map((b) =>
    b.bookingid === changed.bookingid
      ? {
          ...b,
          resourceid: changed.resourceid,
          title: changed.resourcename,
          start: changed.start,
          end: changed.end,
          partysize: changed.partysize,
          notes: changed.notes,
          status: changed.status,
        }
      : b,
  );
}

export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

export const bookingsCalendarMachine = setup({
  types: {
    input: {} as { today: string; view: CalendarView },
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    tags: {} as ViewTag,
  },
  actors: {
    loadBookings: notProvided<Booking[], CalendarWindow>('loadBookings'),
    loadResources: notProvided<Resource[]>('loadResources'),
    moveBooking: notProvided<BookingDetail, BookingMove>('moveBooking'),
  },
  actions: {
    pickResource: assign({
      resourceId: ({ event }) => {
        assertEvent(event, 'calendar.filter');
        return event.resourceId;
      },
    }),
  },
  guards: {
    moveRefused: ({ context }) => context.error !== null,
    movable: ({ context, event }) =>
      event.type === 'calendar.move' &&
      context.bookings.some((b) => b.bookingid === event.bookingid && b.status !== 'cancelled'),
    listed: ({ context, event }) =>
      event.type === 'calendar.open' && context.bookings.some((b) => b.bookingid === event.bookingid),
  },
}).createMachine({
  id: 'bookingsCalendar',
  context: ({ input }) => ({
    date: input.today,
    view: input.view,
    resourceId: '',
    resources: [],
    bookings: [],
    error: null,
    selected: null,
    showCancelled: false,
    beforeMove: null,
  }),
  type: 'parallel',
  states: {
    resources: {
      description: "The Filter's list of resources",
      initial: 'loading',
      states: {
        loading: {
          description: 'The Filter lists "All Resources" while the resources load',
          invoke: {
            id: 'loadResources',
            src: 'loadResources',
            onDone: {
              target: 'loaded',
              actions: assign({ resources: ({ event }) => event.output }),
              description: 'The Filter lists "All Resources" and every resource',
            },
            onError: {
              target: 'loaded',
              actions: assign({ resources: [] }),
              description: 'The resources cannot be loaded (logged only): the Filter lists only "All Resources"',
            },
          },
        },
        loaded: { description: 'The Filter lists what there is' },
      },
    },
    bookings: {
      description: 'The calendar of the week',
      initial: 'loading',
      states: {
        loading: {
          description: '"Loading calendar..." shows where the calendar will be',
          tags: ['loading', 'busy'],
          invoke: {
            id: 'loadBookings',
            src: 'loadBookings',
            input: ({ context }) => calendarWindow(context.date, context.resourceId, context.showCancelled),
            onDone: {
              target: 'ready',
              actions: assign({ bookings: ({ event }) => event.output, error: null }),
              description: "The week's bookings show on the calendar, titled with their resource",
            },
            onError: {
              target: 'failed',
              actions: assign({
                bookings: [],
                error: ({ event }) => failureOr(event.error, BOOKING_TEXTS.calendarFailed),
              }),
              description: 'The bookings cannot be loaded: "Could not load calendar bookings." replaces the calendar',
            },
          },
        },
        failed: {
          description: '"Could not load calendar bookings." with "Try again" where the calendar was',
          tags: ['error'],
          on: {
            'calendar.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' },
            'calendar.filter': {
              target: 'loading',
              actions: ['pickResource', assign({ error: null })],
              description: 'Choose a resource (or "All Resources") in Filter',
            },
          },
        },
        ready: {
          description: 'The calendar shows the week (or day) with its bookings',
          tags: ['ready'],
          on: {
            'calendar.navigate': {
              target: '#bookingsCalendar.bookings.loading',
              actions: assign({
                date: ({ event }) => {
                  assertEvent(event, 'calendar.navigate');
                  return event.date;
                },
              }),
              description: 'Press "Today", "Back" or "Next" above the calendar',
            },
            'calendar.filter': {
              target: '#bookingsCalendar.bookings.loading',
              actions: 'pickResource',
              description: 'Choose a resource (or "All Resources") in Filter',
            },
            'calendar.showCancelled': {
              target: '#bookingsCalendar.bookings.loading',
              actions: assign({
                showCancelled: ({ event }) => {
                  assertEvent(event, 'calendar.showCancelled');
                  return event.show;
                },
              }),
              description: 'Tick or untick "Show cancelled": the week loads again with (or without) cancelled bookings',
            },
            'calendar.refreshed': {
              actions: assign({
                bookings: ({ event }) => {
                  assertEvent(event, 'calendar.refreshed');
                  return event.bookings;
                },
              }),
              description:
                "The calendar's poller brings changed bookings (e.g. a customer booked in the app): they show without a reload",
            },
            'calendar.view': {
              actions: assign({
                view: ({ event }) => {
                  assertEvent(event, 'calendar.view');
                  return event.view;
                },
              }),
              description: 'Press "Week" or "Day" (the week\'s bookings are already loaded)',
            },
          },
          initial: 'idle',
          states: {
            idle: {
              description: 'The calendar with Filter and "Create Booking"',
              on: {
                'calendar.open': {
                  guard: 'listed',
                  target: 'details',
                  actions: assign({
                    selected: ({ event }) => {
                      assertEvent(event, 'calendar.open');
                      return event.bookingid;
                    },
                  }),
                  description: 'Press a booking on the calendar',
                },
                'calendar.create': { target: 'creating', description: 'Press "Create Booking"' },
                'calendar.move': {
                  guard: 'movable',
                  target: 'moving',
                  actions: assign(({ context, event }) => ({
                    beforeMove: context.bookings,
                    error: null,
                    bookings: context.bookings.map((b) =>
                      b.bookingid === event.bookingid
                        ? { ...b, start: event.bookingstarttime, end: event.bookingendtime }
                        : b,
                    ),
                  })),
                  description:
                    'Drag a booking to another time, or drag its edge to make it longer or shorter: it shows there while the server decides',
                },
                'calendar.dismiss': {
                  guard: 'moveRefused',
                  actions: assign({ error: null }),
                  description: 'Close the message about a refused move',
                },
              },
            },
            moving: {
              description: 'The moved booking waits for the server; nothing else can be dragged',
              tags: ['busy'],
              invoke: {
                id: 'moveBooking',
                src: 'moveBooking',
                input: ({ event }) => {
                  assertEvent(event, 'calendar.move');
                  const { type: _type, ...move } = event;
                  return move;
                },
                onDone: {
                  target: 'idle',
                  actions: assign({
                    bookings: ({ context, event }) =>
                      applyChange(context.bookings, event.output, context.showCancelled),
                    beforeMove: null,
                  }),
                  description: 'The server accepts: the booking stays at its new time (the customer is mailed)',
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    bookings: ({ context }) => context.beforeMove ?? context.bookings,
                    beforeMove: null,
                    error: ({ event }) => failureText(event.error, BOOKING_TEXTS.updateFailed),
                  }),
                  description:
                    "The server refuses (409 no room, 400 off the grid or not 30, 60 or 90 minutes) or fails: the booking returns to where it was and the server's message shows",
                },
              },
            },
            details: {
              description:
                '"Booking Details" shows Service / Resource, Customer, Time and status, with Reschedule, Edit, Cancel booking and the status buttons',
              on: {
                'calendar.close': {
                  target: 'idle',
                  actions: assign({ selected: null }),
                  description: 'Close "Booking Details" (Close, ×, or Escape)',
                },
                'calendar.changed': {
                  actions: assign({
                    bookings: ({ context, event }) => {
                      assertEvent(event, 'calendar.changed');
                      return applyChange(context.bookings, event.booking, context.showCancelled);
                    },
                  }),
                  description:
                    'The booking is moved, edited, marked or cancelled in "Booking Details": the calendar shows it at once',
                },
              },
            },
            creating: {
              description: '"Create New Booking" is open over the calendar',
              on: {
                'calendar.cancelCreate': { target: 'idle', description: 'Close "Create New Booking" without booking' },
                'calendar.created': {
                  target: '#bookingsCalendar.bookings.loading',
                  description: 'A booking is made in the dialog: it closes and the calendar reloads',
                },
              },
            },
          },
        },
      },
    },
  },
});
