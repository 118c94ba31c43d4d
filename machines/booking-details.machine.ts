/**
 * Booking Details (spec §2 "Bookings Calendar" → a booking; issue 24 adds what an owner does with it):
 * the booking loads (GET /api/bookings/{id}) and shows with its status; the owner can Reschedule it
 * (the Create Booking slot picker on the same ideas: changing resource, date, duration or party size
 * clears the chosen time and loads the slots again, the replaced request stopped), Edit its notes and
 * party size, Cancel it (a question with an optional reason) and mark it no-show, completed or back to
 * confirmed. The server decides every change; its refusal (409/400) shows in an alert and nothing
 * changed. A cancelled booking is final: only Close. Effects: loadBooking, loadSlots, updateBooking,
 * cancelBooking, setStatus; `reportChanged` tells the calendar, `closeDetails` closes the dialog.
 */
import { format } from 'date-fns';
import { assertEvent, assign, setup } from 'xstate';
import {
  BOOKING_TEXTS,
  type BookingDetail,
  type OWNER_STATUSES,
  type Resource,
  type Slot,
} from '#contracts/bookings.ts';
import { type SlotsRequest, slotsRequest } from './booking-form.machine.ts';
import { confirmThenRun } from './lib/confirm.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export type SettableStatus = (typeof OWNER_STATUSES)[number];
export type { BookingDetail };

export const BOOKING_DETAILS_TEXTS = {
  title: 'Booking Details',
  loading: 'Loading booking...',
  loadFailed: BOOKING_TEXTS.detailsFailed,
  close: 'Close',
  reschedule: 'Reschedule',
  rescheduleTitle: 'Reschedule booking',
  saveTime: 'Save new time',
  edit: 'Edit notes and party size',
  save: 'Save',
  saving: 'Saving...',
  back: 'Back',
  cancelBooking: 'Cancel booking',
  cancelQuestion: 'Cancel this booking?',
  cancelExplained: 'The customer is told by e-mail and the seat is free again at once. This cannot be undone.',
  reasonLabel: 'Reason (optional)',
  keep: 'Keep booking',
  cancelling: 'Cancelling...',
  cancelled: 'Booking cancelled.',
  rescheduleFailed: BOOKING_TEXTS.updateFailed,
  editFailed: BOOKING_TEXTS.updateFailed,
  cancelFailed: BOOKING_TEXTS.cancelFailed,
  statusFailed: BOOKING_TEXTS.statusFailed,
  partyTooSmall: 'Party Size must be at least 1.',
  status: { confirmed: 'Confirmed', cancelled: 'Cancelled', no_show: 'No-show', completed: 'Completed' },
  mark: { confirmed: 'Mark confirmed', no_show: 'Mark no-show', completed: 'Mark completed' },
} as const;
const T = BOOKING_DETAILS_TEXTS;

export type RescheduleField = 'resourceid' | 'date' | 'duration' | 'partysize';
export interface RescheduleDraft {
  resourceid: string;
  date: string;
  duration: string;
  partysize: string;
}

export interface BookingChange {
  bookingid: string;
  resourceid?: string;
  bookingstarttime?: string;
  bookingendtime?: string;
  partysize?: number;
  notes?: string;
}

export interface BookingDetailsContext {
  /** Why the slots could not load, under §8's general rule (state `slotsFailed`). */
  slotsError?: string | null;
  bookingid: string;
  resources: Resource[];
  today: string;
  booking: BookingDetail | null;
  /** The reschedule picker's choices. */
  draft: RescheduleDraft;
  slots: Slot[];
  selected: string | null;
  /** The notes and party size editor. */
  notes: string;
  partysize: string;
  reason: string;
  /** The failure on show: the server's message for a refused change, or the fallback. */
  error: string | null;
}

export type BookingDetailsEvent =
  | { type: 'details.retry' }
  | { type: 'details.close' }
  | { type: 'details.reschedule' }
  | { type: 'details.edit' }
  | { type: 'details.back' }
  | { type: 'details.pick'; field: RescheduleField; value: string }
  | { type: 'details.pickSlot'; start: string }
  | { type: 'details.retrySlots' }
  | { type: 'details.saveTime' }
  | { type: 'details.change'; field: 'notes' | 'partysize'; value: string }
  | { type: 'details.save' }
  | { type: 'details.cancel' }
  | { type: 'details.reason'; value: string }
  | { type: 'details.confirmCancel' }
  | { type: 'details.keep' }
  | { type: 'details.mark'; status: SettableStatus };

const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
const wholeParty = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : 0);

/** The picker starts on the booking as it is: its resource, day, length and party. */
export const draftOf = (b: BookingDetail): RescheduleDraft => ({
  resourceid: b.resourceid,
  date: format(new Date(b.start), 'yyyy-MM-dd'),
  duration: String(minutesBetween(b.start, b.end)),
  partysize: String(b.partysize),
});

const rescheduleQuery = (ctx: BookingDetailsContext): SlotsRequest | null =>
  slotsRequest({ today: ctx.today, draft: { ...ctx.draft, customerEmail: '', notes: '' } });

const refused = ({ event }: { event: unknown }) => {
  const status = (event as { error?: { status?: number } }).error?.status;
  return status === 409 || status === 400;
};
const cleared = { slots: [] as Slot[], selected: null };

/** Close (×, Escape) works wherever nothing is being saved. */
const closing = {
  'details.close': { target: '#bookingDetails.closed', description: 'Press "Close" (or ×, or Escape)' },
} as const;

const details = setup({
  types: {
    input: {} as { bookingid: string; resources: Resource[]; today: string },
    context: {} as BookingDetailsContext,
    events: {} as BookingDetailsEvent,
    tags: {} as ViewTag | 'slotsFailed',
  },
  actors: {
    loadBooking: notProvided<BookingDetail, { bookingid: string }>('loadBooking'),
    loadSlots: notProvided<Slot[], SlotsRequest>('loadSlots'),
    updateBooking: notProvided<BookingDetail, BookingChange>('updateBooking'),
    cancelBooking: notProvided<BookingDetail, { bookingid: string; reason?: string }>('cancelBooking'),
    setStatus: notProvided<BookingDetail, { bookingid: string; status: SettableStatus }>('setStatus'),
  },
  actions: {
    /** The calendar shows the change (and reloads when the dialog closes). */
    reportChanged: (_, _params: { booking: BookingDetail }) => {},
    closeDetails: () => {},
    keep: assign(({ event }) => ({ booking: (event as unknown as { output: BookingDetail }).output, error: null })),
  },
  guards: {
    open: ({ context }) => context.booking?.status !== 'cancelled',
    changesSlots: ({ event }) => event.type === 'details.pick',
    queryReady: ({ context }) => rescheduleQuery(context) !== null,
    offered: ({ context, event }) =>
      event.type === 'details.pickSlot' && context.slots.some((s) => s.start === event.start),
    noSlot: ({ context }) => context.selected === null,
    partyInvalid: ({ context }) => wholeParty(context.partysize) < 1,
    refused,
    otherStatus: ({ context, event }) =>
      event.type === 'details.mark' &&
      context.booking !== null &&
      context.booking.status !== 'cancelled' &&
      context.booking.status !== event.status,
  },
});

/** The question also takes the optional reason typed into it. */
function withReason<S extends { confirmCancel: { on?: object } }>(states: S): S {
  return {
    ...states,
    confirmCancel: {
      ...states.confirmCancel,
      on: {
        ...states.confirmCancel.on,
        'details.reason': {
          actions: assign({ reason: ({ event }) => (event as unknown as { value: string }).value }),
          description: `Type in "${T.reasonLabel}"`,
        },
      },
    },
  };
}

export const bookingDetailsMachine = details.createMachine({
  id: 'bookingDetails',
  context: ({ input }) => ({
    bookingid: input.bookingid,
    resources: input.resources,
    today: input.today,
    booking: null,
    draft: { resourceid: '', date: input.today, duration: '60', partysize: '1' },
    ...cleared,
    notes: '',
    partysize: '1',
    reason: '',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: `"${T.title}" reads "${T.loading}"`,
      tags: ['loading', 'busy'],
      on: closing,
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ bookingid: context.bookingid }),
        onDone: {
          target: 'viewing',
          actions: 'keep',
          description: 'The booking shows: resource, customer, time, party size, notes and its status',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureText(event.error, T.loadFailed) }),
          description: `The booking cannot be loaded: "${T.loadFailed}" (or the server's reason) with "Try again"`,
        },
      },
    },
    failed: {
      description: `The reason the booking did not load, with "Try again" and "${T.close}"`,
      tags: ['error'],
      on: {
        ...closing,
        'details.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' },
      },
    },
    viewing: {
      description: `The details with "${T.reschedule}", "${T.edit}", "${T.cancelBooking}" and the status buttons (a cancelled booking: only "${T.close}")`,
      tags: ['ready'],
      on: {
        ...closing,
        'details.reschedule': {
          guard: 'open',
          target: 'rescheduling',
          actions: assign(({ context }) => ({ draft: draftOf(context.booking!), ...cleared, error: null })),
          description: `Press "${T.reschedule}": the slot picker opens on the booking's resource, day, duration and party`,
        },
        'details.edit': {
          guard: 'open',
          target: 'editing',
          actions: assign(({ context }) => ({
            notes: context.booking!.notes ?? '',
            partysize: String(context.booking!.partysize),
            error: null,
          })),
          description: `Press "${T.edit}": Notes and Party Size become fields holding the booking's`,
        },
        'details.cancel': {
          guard: 'open',
          target: 'confirmCancel',
          actions: assign({ reason: '', error: null }),
          description: `Press "${T.cancelBooking}"; the question "${T.cancelQuestion}" opens, with an optional reason`,
        },
        'details.mark': {
          guard: 'otherStatus',
          target: 'marking',
          actions: assign({ error: null }),
          description: 'Press "Mark no-show", "Mark completed" or "Mark confirmed"',
        },
      },
    },
    rescheduling: {
      description: `"${T.rescheduleTitle}": Resource, Date, Duration, Party Size and Available Slots, with "${T.back}" and "${T.saveTime}"`,
      initial: 'checking',
      on: {
        ...closing,
        'details.back': { target: 'viewing', actions: assign({ error: null }), description: `Press "${T.back}"` },
        'details.pick': {
          target: '.checking',
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.field]: event.value },
            ...cleared,
            error: null,
          })),
          description:
            'Change the resource, date, duration or party size: the chosen time is cleared and the slots load again',
        },
        'details.saveTime': [
          {
            guard: 'noSlot',
            actions: assign({ error: BOOKING_TEXTS.pickSlot }),
            description: `Press "${T.saveTime}" without a time: "${BOOKING_TEXTS.pickSlot}"`,
          },
          {
            target: 'moving',
            actions: assign({ error: null }),
            description: `Press "${T.saveTime}" with a time chosen`,
          },
        ],
      },
      states: {
        checking: {
          description: 'Deciding whether the slots can load',
          always: [
            {
              guard: 'queryReady',
              target: 'loadingSlots',
              description: 'Resource, date, duration and party size are set',
            },
            { target: 'incomplete', description: 'Something the slots need is missing' },
          ],
        },
        incomplete: { description: 'Available Slots asks for a resource, date, duration and party size' },
        loadingSlots: {
          description: 'Available Slots reads "Loading slots..."',
          tags: ['loading'],
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => rescheduleQuery(context)!,
            onDone: {
              target: 'slots',
              actions: assign({ slots: ({ event }) => event.output }),
              description: 'The free start times show as 12-hour buttons (or "No available slots for this selection.")',
            },
            onError: {
              target: 'slotsFailed',
              actions: assign({
                ...cleared,
                slotsError: ({ event }) => failureOr(event.error, BOOKING_TEXTS.slotsFailed),
              }),
              description: `The slots cannot be loaded: "${BOOKING_TEXTS.slotsFailed}"`,
            },
          },
        },
        slotsFailed: {
          description: `"${BOOKING_TEXTS.slotsFailed}" with "Try again"`,
          tags: ['slotsFailed'],
          on: {
            'details.retrySlots': { target: 'loadingSlots', description: 'Press "Try again" under Available Slots' },
          },
        },
        slots: {
          description: 'The slot buttons show; at most one is pressed',
          tags: ['ready'],
          on: {
            'details.pickSlot': {
              guard: 'offered',
              actions: assign({
                selected: ({ event }) => {
                  assertEvent(event, 'details.pickSlot');
                  return event.start;
                },
                error: null,
              }),
              description: 'Press a time: it is the one selected',
            },
          },
        },
      },
    },
    moving: {
      description: `"${T.saveTime}" reads "${T.saving}" and nothing can be changed`,
      tags: ['busy', 'ready'],
      invoke: {
        id: 'moveBooking',
        src: 'updateBooking',
        input: ({ context }) => {
          const slot = context.slots.find((s) => s.start === context.selected)!;
          return {
            bookingid: context.bookingid,
            resourceid: context.draft.resourceid,
            bookingstarttime: slot.start,
            bookingendtime: slot.end,
            partysize: wholeParty(context.draft.partysize),
          };
        },
        onDone: {
          target: 'viewing',
          actions: ['keep', { type: 'reportChanged', params: ({ event }) => ({ booking: event.output }) }],
          description: 'The server moves it: the details show the new time and the calendar follows',
        },
        onError: [
          {
            guard: 'refused',
            target: 'rescheduling.loadingSlots',
            actions: assign({ ...cleared, error: ({ event }) => failureText(event.error, BOOKING_TEXTS.slotTaken) }),
            description: 'The server refuses (409 no room, 400 off the grid): its message shows and the slots reload',
          },
          {
            target: 'rescheduling.slots',
            actions: assign({ error: ({ event }) => failureText(event.error, T.rescheduleFailed) }),
            description: `The move fails: the reason (or "${T.rescheduleFailed}") shows and the picker stays`,
          },
        ],
      },
    },
    editing: {
      description: `Notes and Party Size as fields, with "${T.back}" and "${T.save}"`,
      tags: ['ready'],
      on: {
        ...closing,
        'details.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
          description: 'Type in Notes or Party Size',
        },
        'details.back': { target: 'viewing', actions: assign({ error: null }), description: `Press "${T.back}"` },
        'details.save': [
          {
            guard: 'partyInvalid',
            actions: assign({ error: T.partyTooSmall }),
            description: `Press "${T.save}" with Party Size below 1: "${T.partyTooSmall}"`,
          },
          { target: 'saving', description: `Press "${T.save}"` },
        ],
      },
    },
    saving: {
      description: `"${T.save}" reads "${T.saving}" and the fields wait`,
      tags: ['busy', 'ready'],
      invoke: {
        id: 'saveBooking',
        src: 'updateBooking',
        input: ({ context }) => ({
          bookingid: context.bookingid,
          notes: context.notes.trim(),
          partysize: wholeParty(context.partysize),
        }),
        onDone: {
          target: 'viewing',
          actions: ['keep', { type: 'reportChanged', params: ({ event }) => ({ booking: event.output }) }],
          description: 'Saved: the details show the new notes and party size',
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureText(event.error, T.editFailed) }),
          description: `The server refuses (e.g. 409: no room for a bigger party) or fails: its message (or "${T.editFailed}") shows`,
        },
      },
    },
    ...withReason(
      confirmThenRun(details)({
        ask: {
          state: 'confirmCancel',
          description: `"${T.cancelQuestion}" asks over the details, with "${T.reasonLabel}", "${T.keep}" and "${T.cancelBooking}"`,
          confirm: { event: 'details.confirmCancel', description: `Press "${T.cancelBooking}" in the question` },
          cancel: {
            event: 'details.keep',
            target: 'viewing',
            actions: assign({ error: null }),
            description: `Press "${T.keep}" (or Escape)`,
          },
        },
        run: {
          state: 'cancelling',
          description: `The booking is being cancelled; the action reads "${T.cancelling}"`,
          invoke: {
            id: 'cancelBooking',
            src: 'cancelBooking',
            input: ({ context }) => ({
              bookingid: context.bookingid,
              ...(context.reason.trim() ? { reason: context.reason.trim() } : {}),
            }),
            onDone: {
              target: 'viewing',
              actions: ['keep', { type: 'reportChanged', params: ({ event }) => ({ booking: event.output }) }],
              description: 'Cancelled: the details say "Cancelled" and offer only Close',
            },
            onError: {
              target: 'confirmCancel',
              actions: assign({ error: ({ event }) => failureText(event.error, T.cancelFailed) }),
              description: `The server refuses (409: already cancelled) or fails: its message (or "${T.cancelFailed}") shows in the question`,
            },
          },
        },
      }),
    ),
    marking: {
      description: 'The status is being changed; the buttons wait',
      tags: ['busy', 'ready'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context, event }) => {
          assertEvent(event, 'details.mark');
          return { bookingid: context.bookingid, status: event.status };
        },
        onDone: {
          target: 'viewing',
          actions: ['keep', { type: 'reportChanged', params: ({ event }) => ({ booking: event.output }) }],
          description: 'The status changes: the details show it',
        },
        onError: {
          target: 'viewing',
          actions: assign({ error: ({ event }) => failureText(event.error, T.statusFailed) }),
          description: `The server refuses or fails: its message (or "${T.statusFailed}") shows`,
        },
      },
    },
    closed: { type: 'final', description: 'The dialog is closed', entry: 'closeDetails' },
  },
});
