/**
 * The Create Booking form (spec §2 "Create Booking form", §4 "Booking form", §5): the fields, the slots
 * of the chosen resource, date, duration and party size, and the booking. Changing any of those four
 * clears the chosen slot and loads the slots again; the request it replaces is stopped (its answer is
 * never applied). A 409 (someone took the time) reloads the slots and says so. Effects: loadSlots,
 * createBooking; `reportCreated` and `closeForm` tell the calendar.
 */
import { assertEvent, assign, setup } from 'xstate';
import { BOOKING_TEXTS, type Booking, type Resource, type Slot } from '#contracts/bookings.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export type BookingField = 'resourceid' | 'customerEmail' | 'date' | 'duration' | 'partysize' | 'notes';
/** The fields whose change loads other slots. */
const SLOT_FIELDS: ReadonlySet<BookingField> = new Set(['resourceid', 'date', 'duration', 'partysize']);

export interface BookingDraft {
  resourceid: string;
  customerEmail: string;
  /** YYYY-MM-DD in the owner's own calendar. */
  date: string;
  duration: string;
  partysize: string;
  notes: string;
}

export type BookingFieldErrors = Partial<Record<BookingField, string>>;

export interface SlotsRequest {
  resourceid: string;
  date: string;
  duration: number;
  partysize: number;
}

export interface NewBooking {
  resourceid: string;
  customerEmail: string;
  bookingstarttime: string;
  bookingendtime: string;
  partysize: number;
  notes: string;
}

export interface BookingFormContext {
  /** Why the slots could not load, under §8's general rule (state `slotsFailed`). */
  slotsError?: string | null;
  resources: Resource[];
  today: string;
  draft: BookingDraft;
  slots: Slot[];
  /** The chosen slot's start (ISO), or null. */
  selected: string | null;
  fieldErrors: BookingFieldErrors;
  /**
   * The failure on show, under the form: no time chosen, the booking refused or failed, or (after a 409)
   * that the time was just taken while the slots reload. The slots' own load failure is the state
   * `slotsFailed` (its text is the spec's, with "Try again").
   */
  error: string | null;
}

export type BookingFormEvent =
  | { type: 'booking.edit'; field: BookingField; value: string }
  | { type: 'booking.pickSlot'; start: string }
  | { type: 'booking.retrySlots' }
  | { type: 'booking.submit' }
  | { type: 'booking.cancel' };

export const DURATION_OPTIONS = [
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '90', label: '1 hour 30 mins' },
] as const;

export const BOOKING_FORM_TEXTS = {
  resourceRequired: 'Please choose a resource.',
  emailRequired: 'Customer Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  dateRequired: 'Date is required.',
  datePast: 'Date cannot be in the past.',
  partyTooSmall: 'Party Size must be at least 1.',
  chooseFirst: 'Choose a resource, date, duration and party size to see the available times.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const partyOf = (draft: BookingDraft) => (/^\d+$/.test(draft.partysize.trim()) ? Number(draft.partysize) : 0);

/** The slot query when every part is there (spec §5: party size above 0, date not before today). */
export function slotsRequest({ draft, today }: Pick<BookingFormContext, 'draft' | 'today'>): SlotsRequest | null {
  const partysize = partyOf(draft);
  if (!draft.resourceid || !draft.date || draft.date < today || !draft.duration || partysize < 1) return null;
  return { resourceid: draft.resourceid, date: draft.date, duration: Number(draft.duration), partysize };
}

export function draftErrors({ draft, today }: Pick<BookingFormContext, 'draft' | 'today'>): BookingFieldErrors {
  const errors: BookingFieldErrors = {};
  if (!draft.resourceid) errors.resourceid = BOOKING_FORM_TEXTS.resourceRequired;
  const email = draft.customerEmail.trim();
  if (!email) errors.customerEmail = BOOKING_FORM_TEXTS.emailRequired;
  else if (!EMAIL.test(email)) errors.customerEmail = BOOKING_FORM_TEXTS.emailInvalid;
  if (!draft.date) errors.date = BOOKING_FORM_TEXTS.dateRequired;
  else if (draft.date < today) errors.date = BOOKING_FORM_TEXTS.datePast;
  if (partyOf(draft) < 1) errors.partysize = BOOKING_FORM_TEXTS.partyTooSmall;
  return errors;
}

const clearedSlots: Pick<BookingFormContext, 'slots' | 'selected'> = { slots: [], selected: null };

export const bookingFormMachine = setup({
  types: {
    input: {} as { resources: Resource[]; today: string; resourceid?: string },
    context: {} as BookingFormContext,
    events: {} as BookingFormEvent,
    tags: {} as ViewTag | 'slotsFailed',
  },
  actors: {
    loadSlots: notProvided<Slot[], SlotsRequest>('loadSlots'),
    createBooking: notProvided<Booking, NewBooking>('createBooking'),
  },
  actions: {
    reportCreated: (_, _params: { booking: Booking }) => {},
    closeForm: () => {},
    edit: assign(({ context, event }) => {
      assertEvent(event, 'booking.edit');
      const draft = { ...context.draft, [event.field]: event.value };
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { draft, fieldErrors };
    }),
  },
  guards: {
    changesSlots: ({ event }) => event.type === 'booking.edit' && SLOT_FIELDS.has(event.field),
    slotsQueryReady: ({ context }) => slotsRequest(context) !== null,
    offered: ({ context, event }) =>
      event.type === 'booking.pickSlot' && context.slots.some((slot) => slot.start === event.start),
    fieldsInvalid: ({ context }) => Object.keys(draftErrors(context)).length > 0,
    noSlotChosen: ({ context }) => context.selected === null,
    slotTaken: ({ event }) => (event as { error?: { status?: number } }).error?.status === 409,
  },
}).createMachine({
  id: 'bookingForm',
  context: ({ input }) => ({
    resources: input.resources,
    today: input.today,
    draft: {
      resourceid: input.resourceid ?? '',
      customerEmail: '',
      date: input.today,
      duration: '60',
      partysize: '1',
      notes: '',
    },
    slots: [],
    selected: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        '"Create New Booking" shows Resource, Customer Email, Date (today), Duration (1 hour), Party Size (1), Available Slots and Notes (Optional)',
      initial: 'checking',
      on: {
        // Listed first: a path that ends mid-request is finished by the first event on offer.
        'booking.cancel': { target: 'closed', description: 'Press "Cancel" (or ×, or Escape)' },
        'booking.edit': [
          {
            guard: 'changesSlots',
            target: '.checking',
            actions: ['edit', assign({ ...clearedSlots, error: null })],
            description:
              'Change the resource, date, duration or party size: the chosen slot is cleared and the slots load again',
          },
          { actions: 'edit', description: 'Type the customer e-mail or notes' },
        ],
        'booking.submit': [
          {
            guard: 'fieldsInvalid',
            actions: assign({ fieldErrors: ({ context }) => draftErrors(context), error: null }),
            description: 'Press "Create Booking" with a field missing or wrong: its message shows under it',
          },
          {
            guard: 'noSlotChosen',
            actions: assign({ fieldErrors: {}, error: BOOKING_TEXTS.pickSlot }),
            description: 'Press "Create Booking" without choosing a time: "Please select an available time slot."',
          },
          {
            target: 'submitting',
            actions: assign({ fieldErrors: {}, error: null }),
            description: 'Press "Create Booking" with every field and a time chosen',
          },
        ],
      },
      states: {
        checking: {
          description: 'Deciding whether the slots can load',
          always: [
            {
              guard: 'slotsQueryReady',
              target: 'loadingSlots',
              description: 'Resource, date, duration and party size are all set',
            },
            { target: 'incomplete', description: 'Something the slots need is missing' },
          ],
        },
        incomplete: {
          description: 'Available Slots asks for a resource, date, duration and party size',
        },
        loadingSlots: {
          description: 'Available Slots reads "Loading slots..."',
          tags: ['loading'],
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => slotsRequest(context)!,
            onDone: {
              target: 'slots',
              actions: assign({ slots: ({ event }) => event.output }),
              description:
                'The free start times arrive as buttons in 12-hour format (or "No available slots for this selection.")',
            },
            onError: {
              target: 'slotsFailed',
              actions: assign({
                ...clearedSlots,
                slotsError: ({ event }) => failureOr(event.error, BOOKING_TEXTS.slotsFailed),
              }),
              description: 'The slots cannot be loaded: "Could not load available slots." and no slot buttons',
            },
          },
        },
        slotsFailed: {
          description: '"Could not load available slots." with "Try again"',
          tags: ['slotsFailed'],
          on: {
            'booking.retrySlots': { target: 'loadingSlots', description: 'Press "Try again" under Available Slots' },
          },
        },
        slots: {
          description: 'Available Slots lists the free start times as buttons (12-hour format); at most one is pressed',
          tags: ['ready'],
          on: {
            'booking.pickSlot': {
              guard: 'offered',
              actions: assign({
                selected: ({ event }) => {
                  assertEvent(event, 'booking.pickSlot');
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
    submitting: {
      description: 'The button reads "Booking..." and nothing can be changed',
      tags: ['busy', 'ready'],
      invoke: {
        id: 'createBooking',
        src: 'createBooking',
        input: ({ context }) => {
          const slot = context.slots.find((s) => s.start === context.selected)!;
          return {
            resourceid: context.draft.resourceid,
            customerEmail: context.draft.customerEmail.trim(),
            bookingstarttime: slot.start,
            bookingendtime: slot.end,
            partysize: partyOf(context.draft),
            notes: context.draft.notes.trim(),
          };
        },
        onDone: {
          target: 'closed',
          actions: { type: 'reportCreated', params: ({ event }) => ({ booking: event.output }) },
          description: 'The booking is made: the dialog closes and the calendar reloads with it',
        },
        onError: [
          {
            guard: 'slotTaken',
            target: 'editing.loadingSlots',
            actions: assign({ ...clearedSlots, error: BOOKING_TEXTS.slotTaken }),
            description:
              'Someone booked that time a moment ago (409): the slots reload and the form says the time was just taken',
          },
          {
            target: 'editing.slots',
            actions: assign({ error: ({ event }) => failureText(event.error, BOOKING_TEXTS.bookingFailed) }),
            description: 'The booking fails: the reason (or "Failed to create booking.") shows and the form stays',
          },
        ],
      },
    },
    closed: {
      type: 'final',
      description: 'The dialog is closed',
      entry: 'closeForm',
    },
  },
});
