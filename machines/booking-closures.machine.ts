/**
 * Closures in Booking Setup (beyond the spec; docs/decisions/011-bookings.md): the dates on which one
 * resource or the whole business takes no bookings (holidays), soonest first, with a small add form.
 * Effects: loadClosures, addClosure, deleteClosure.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Closure } from '#contracts/bookings.ts';
import { failureText, notProvided } from './lib/effects.ts';

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
  error: string | null;
  formError: string | null;
  deleting: string | null;
}

export type ClosuresEvent =
  | { type: 'closures.edit'; field: keyof ClosureDraft; value: string }
  | { type: 'closures.add' }
  | { type: 'closures.delete'; closureid: string }
  | { type: 'closures.retry' };

export const CLOSURE_TEXTS = {
  loadFailed: 'Could not load closures.',
  addFailed: 'Failed to add closure.',
  deleteFailed: 'Failed to delete closure.',
  empty: 'No closures planned. Add holidays and other days you take no bookings.',
  dateRequired: 'Choose the first closed day.',
  endBeforeStart: 'End date must not be before start date.',
  past: 'The first closed day cannot be in the past.',
} as const;

export function closureError({ draft, today }: Pick<ClosuresContext, 'draft' | 'today'>): string | null {
  if (!draft.startdate) return CLOSURE_TEXTS.dateRequired;
  if (draft.startdate < today) return CLOSURE_TEXTS.past;
  if (draft.enddate && draft.enddate < draft.startdate) return CLOSURE_TEXTS.endBeforeStart;
  return null;
}

const emptyDraft = (today: string): ClosureDraft => ({ resourceid: '', startdate: today, enddate: today, reason: '' });

export const bookingClosuresMachine = setup({
  types: {
    input: {} as { today: string },
    context: {} as ClosuresContext,
    events: {} as ClosuresEvent,
    tags: {} as 'busy',
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
}).createMachine({
  id: 'bookingClosures',
  context: ({ input }) => ({
    today: input.today,
    closures: [],
    draft: emptyDraft(input.today),
    error: null,
    formError: null,
    deleting: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Closures reads "Loading closures..."',
      tags: 'busy',
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
          actions: assign({ error: CLOSURE_TEXTS.loadFailed }),
          description: 'The closures cannot be loaded: "Could not load closures."',
        },
      },
    },
    failed: {
      description: '"Could not load closures." with "Try again"',
      on: { 'closures.retry': { target: 'loading', description: 'Press "Try again" under Closures' } },
    },
    ready: {
      description: 'The closures and the form: Applies to, From, To, Reason and "Add Closure"',
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
                formError: null,
              }),
              description: 'Choose what closes, the dates, or type a reason',
            },
            'closures.add': [
              {
                guard: 'draftInvalid',
                actions: assign({ formError: ({ context }) => closureError(context) }),
                description: 'Press "Add Closure" with no date, a past date or the end before the start',
              },
              { target: 'adding', description: 'Press "Add Closure"' },
            ],
            'closures.delete': {
              guard: 'listed',
              target: 'deleting',
              actions: assign({
                deleting: ({ event }) => {
                  assertEvent(event, 'closures.delete');
                  return event.closureid;
                },
                formError: null,
              }),
              description: 'Press "Remove" on a closure',
            },
          },
        },
        adding: {
          description: 'The button reads "Adding..."',
          tags: 'busy',
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
              actions: assign({ formError: ({ event }) => failureText(event.error, CLOSURE_TEXTS.addFailed) }),
              description: 'The closure is refused or fails: the reason shows',
            },
          },
        },
        deleting: {
          description: 'The closure is being removed',
          tags: 'busy',
          invoke: {
            id: 'deleteClosure',
            src: 'deleteClosure',
            input: ({ context }) => ({ closureid: context.deleting! }),
            onDone: {
              target: 'idle',
              actions: assign({
                closures: ({ context }) => context.closures.filter((c) => c.closureid !== context.deleting),
                deleting: null,
              }),
              description: 'The closure disappears; those days take bookings again',
            },
            onError: {
              target: 'idle',
              actions: assign({
                deleting: null,
                formError: ({ event }) => failureText(event.error, CLOSURE_TEXTS.deleteFailed),
              }),
              description: 'The closure cannot be removed: "Failed to delete closure."',
            },
          },
        },
      },
    },
  },
});
