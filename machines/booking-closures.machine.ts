/**
 * Closures in Booking Setup (beyond the spec; docs/decisions/011-bookings.md): the dates on which one
 * resource or the whole business takes no bookings (holidays), soonest first, with a small add form.
 * Removing one asks first, as every deletion does (confirmThenRun). Effects: loadClosures, addClosure,
 * deleteClosure.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Closure } from '#contracts/bookings.ts';
import { confirmThenRun } from './lib/confirm.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface ClosureDraft {
  /** '' = the whole business. */
  resourceid: string;
  startdate: string;
  enddate: string;
  reason: string;
}

export interface NewClosure {
  resourceid: string | null;
  startdate: string;
  enddate: string;
  reason: string | null;
}

export interface ClosuresContext {
  today: string;
  closures: Closure[];
  draft: ClosureDraft;
  /**
   * The failure on show: "Could not load closures." in place of the list, else under the form (a date
   * the form refuses, the server's refusal, a removal that failed).
   */
  error: string | null;
  /** The closure the removal question is about. */
  selected: string | null;
}

export type ClosuresEvent =
  | { type: 'closures.edit'; field: keyof ClosureDraft; value: string }
  | { type: 'closures.add' }
  | { type: 'closures.delete'; closureid: string }
  | { type: 'closures.confirmDelete' }
  | { type: 'closures.cancelDelete' }
  | { type: 'closures.retry' };

export const CLOSURE_TEXTS = {
  loadFailed: 'Could not load closures.',
  addFailed: 'Failed to add closure.',
  deleteFailed: 'Failed to delete closure.',
  empty: 'No closures planned. Add holidays and other days you take no bookings.',
  dateRequired: 'Choose the first closed day.',
  endBeforeStart: 'End date must not be before start date.',
  past: 'The first closed day cannot be in the past.',
  removeTitle: 'Remove Closure',
  remove: 'Remove Closure',
  removing: 'Removing...',
  removeQuestion: (dates: string, appliesTo: string) =>
    `Remove the closure ${dates} (${appliesTo})? Those days take bookings again.`,
} as const;

export function closureError({ draft, today }: Pick<ClosuresContext, 'draft' | 'today'>): string | null {
  if (!draft.startdate) return CLOSURE_TEXTS.dateRequired;
  if (draft.startdate < today) return CLOSURE_TEXTS.past;
  if (draft.enddate && draft.enddate < draft.startdate) return CLOSURE_TEXTS.endBeforeStart;
  return null;
}

const emptyDraft = (today: string): ClosureDraft => ({ resourceid: '', startdate: today, enddate: today, reason: '' });

const bookingClosures = setup({
  types: {
    input: {} as { today: string },
    context: {} as ClosuresContext,
    events: {} as ClosuresEvent,
    tags: {} as ViewTag | 'adding',
  },
  actors: {
    loadClosures: notProvided<Closure[]>('loadClosures'),
    addClosure: notProvided<Closure, NewClosure>('addClosure'),
    deleteClosure: notProvided<void, { closureid: string }>('deleteClosure'),
  },
  guards: {
    draftInvalid: ({ context }) => closureError(context) !== null,
    listed: ({ context, event }) =>
      event.type === 'closures.delete' && context.closures.some((c) => c.closureid === event.closureid),
  },
});

export const bookingClosuresMachine = bookingClosures.createMachine({
  id: 'bookingClosures',
  context: ({ input }) => ({
    today: input.today,
    closures: [],
    draft: emptyDraft(input.today),
    error: null,
    selected: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Closures reads "Loading closures..."',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadClosures',
        src: 'loadClosures',
        onDone: {
          target: 'ready',
          actions: assign({ closures: ({ event }) => event.output, error: null }),
          description: 'The closures ahead show with their dates, resource (or "Whole business") and reason',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOr(event.error, CLOSURE_TEXTS.loadFailed) }),
          description: 'The closures cannot be loaded: "Could not load closures."',
        },
      },
    },
    failed: {
      description: '"Could not load closures." with "Try again"',
      tags: ['error'],
      on: {
        'closures.retry': {
          target: 'loading',
          actions: assign({ error: null }),
          description: 'Press "Try again" under Closures',
        },
      },
    },
    ready: {
      description: 'The closures and the form: Applies to, From, To, Reason and "Add Closure"',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'The closures with "Remove", and the form with "Add Closure" ready',
          on: {
            'closures.edit': {
              actions: assign({
                draft: ({ context, event }) => {
                  assertEvent(event, 'closures.edit');
                  const draft = { ...context.draft, [event.field]: event.value };
                  // Moving the start past the end moves the end along (a one-day closure by default).
                  if (event.field === 'startdate' && draft.enddate < event.value) draft.enddate = event.value;
                  return draft;
                },
                error: null,
              }),
              description: 'Choose what closes, the dates, or type a reason',
            },
            'closures.add': [
              {
                guard: 'draftInvalid',
                actions: assign({ error: ({ context }) => closureError(context) }),
                description: 'Press "Add Closure" with no date, a past date or the end before the start',
              },
              { target: 'adding', actions: assign({ error: null }), description: 'Press "Add Closure"' },
            ],
            'closures.delete': {
              guard: 'listed',
              target: 'confirmDelete',
              actions: assign({
                selected: ({ event }) => {
                  assertEvent(event, 'closures.delete');
                  return event.closureid;
                },
                error: null,
              }),
              description: 'Press "Remove" on a closure',
            },
          },
        },
        adding: {
          description: 'The button reads "Adding..."',
          tags: ['busy', 'adding'],
          invoke: {
            id: 'addClosure',
            src: 'addClosure',
            input: ({ context }) => ({
              resourceid: context.draft.resourceid || null,
              startdate: context.draft.startdate,
              enddate: context.draft.enddate || context.draft.startdate,
              reason: context.draft.reason.trim() || null,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                closures: ({ context, event }) =>
                  [...context.closures, event.output].sort((a, b) => a.startdate.localeCompare(b.startdate)),
                draft: ({ context }) => emptyDraft(context.today),
              }),
              description: 'The closure appears in the list; no slots are offered on those days',
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => failureText(event.error, CLOSURE_TEXTS.addFailed) }),
              description: 'The closure is refused or fails: the reason shows',
            },
          },
        },
        ...confirmThenRun(bookingClosures)({
          ask: {
            state: 'confirmDelete',
            description: '"Remove Closure" names the dates and what closes, with Cancel (focused) and "Remove Closure"',
            confirm: { event: 'closures.confirmDelete', description: 'Press "Remove Closure"' },
            cancel: {
              event: 'closures.cancelDelete',
              target: 'idle',
              actions: assign({ selected: null }),
              description: 'Press "Cancel" (or Escape): the closure stays',
            },
          },
          run: {
            state: 'deleting',
            description: 'The closure is being removed; "Remove Closure" reads "Removing..."',
            invoke: {
              id: 'deleteClosure',
              src: 'deleteClosure',
              input: ({ context }) => ({ closureid: context.selected! }),
              onDone: {
                target: 'idle',
                actions: assign({
                  closures: ({ context }) => context.closures.filter((c) => c.closureid !== context.selected),
                  selected: null,
                }),
                description: 'The question closes and the closure disappears; those days take bookings again',
              },
              onError: {
                target: 'idle',
                actions: assign({
                  selected: null,
                  error: ({ event }) => failureText(event.error, CLOSURE_TEXTS.deleteFailed),
                }),
                description: 'The closure cannot be removed: the question closes and "Failed to delete closure." shows',
              },
            },
          },
        }),
      },
    },
  },
});
