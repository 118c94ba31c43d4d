/**
 * "Manage Schedule for {resource name}" (spec §2 Booking Setup, schedule modal): the weekly rules as
 * "Day: HH:MM - HH:MM" with a delete icon each, and the add form (day Sunday..Saturday = 0..6, start
 * 09:00, end 17:00). A rule overlapping another of that day is refused by the server with its reason.
 * Deleting a rule asks first, as every deletion does (confirmThenRun). Beside them, the "Weekly hours" grid
 * (weekly-hours.machine.ts) sets a whole week; once it saved, the rows reload. Effects: loadRules, addRule,
 * deleteRule.
 */
import { assertEvent, assign, setup } from 'xstate';
import { type AvailabilityRule, BOOKING_TEXTS, type Resource } from '#contracts/bookings.ts';
import { confirmThenRun } from './lib/confirm.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface RuleDraft {
  dayofweek: string;
  starttime: string;
  endtime: string;
}

export interface ScheduleContext {
  resource: Resource;
  rules: AvailabilityRule[];
  draft: RuleDraft;
  /**
   * The failure on show: "Could not load schedule." in place of the rules, else under the form (start
   * not before end, the server's refusal of a rule, a deletion that failed).
   */
  error: string | null;
  /** The rule the deletion question is about. */
  selected: string | null;
}

export type ScheduleEvent =
  | { type: 'schedule.edit'; field: keyof RuleDraft; value: string }
  | { type: 'schedule.add' }
  | { type: 'schedule.delete'; availabilityid: string }
  | { type: 'schedule.confirmDelete' }
  | { type: 'schedule.cancelDelete' }
  | { type: 'schedule.retry' }
  /** The weekly-hours grid (weekly-hours.machine.ts) saved its changes: the rows are read again. */
  | { type: 'schedule.reload' }
  | { type: 'schedule.close' };

/** Texts beyond the spec (its Schedule modal has only the delete icon). */
export const SCHEDULE_TEXTS = {
  startBeforeEnd: 'Start time must be before end time.',
  confirmDelete: (rule: string, resource: string) =>
    `Delete "${rule}" from the schedule of ${resource}? Customers can no longer book those hours; bookings already made stay.`,
} as const;

export const DEFAULT_RULE: RuleDraft = { dayofweek: '1', starttime: '09:00', endtime: '17:00' };

const byDayAndTime = (a: AvailabilityRule, b: AvailabilityRule) =>
  a.dayofweek - b.dayofweek || a.starttime.localeCompare(b.starttime);

const bookingSchedule = setup({
  types: {
    input: {} as { resource: Resource },
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    tags: {} as ViewTag | 'adding',
  },
  actors: {
    loadRules: notProvided<AvailabilityRule[], { resourceid: string }>('loadRules'),
    addRule: notProvided<
      AvailabilityRule,
      { resourceid: string; dayofweek: number; starttime: string; endtime: string }
    >('addRule'),
    deleteRule: notProvided<void, { availabilityid: string }>('deleteRule'),
  },
  actions: { closeSchedule: () => {} },
  guards: {
    startNotBeforeEnd: ({ context }) =>
      !context.draft.starttime || !context.draft.endtime || context.draft.starttime >= context.draft.endtime,
    listed: ({ context, event }) =>
      event.type === 'schedule.delete' && context.rules.some((r) => r.availabilityid === event.availabilityid),
  },
});

export const bookingScheduleMachine = bookingSchedule.createMachine({
  id: 'bookingSchedule',
  context: ({ input }) => ({ resource: input.resource, rules: [], draft: DEFAULT_RULE, error: null, selected: null }),
  on: { 'schedule.close': { target: '.closed', description: 'Press "Close" (or ×, or Escape)' } },
  initial: 'loading',
  states: {
    loading: {
      description: 'The dialog reads "Loading schedule..."',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        input: ({ context }) => ({ resourceid: context.resource.resourceid }),
        onDone: {
          target: 'ready',
          actions: assign({ rules: ({ event }) => [...event.output].sort(byDayAndTime), error: null }),
          description: 'The rules show as "Day: HH:MM - HH:MM" (or "No schedule defined yet.")',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOr(event.error, BOOKING_TEXTS.scheduleFailed) }),
          description: 'The schedule cannot be loaded: "Could not load schedule."',
        },
      },
    },
    failed: {
      description: '"Could not load schedule." with "Try again"',
      tags: ['error'],
      on: {
        'schedule.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' },
      },
    },
    ready: {
      description: 'The weekly rules and the add form (Day, Start Time, End Time, "Add Rule")',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'The rules with their delete icons, and the add form with "Add Rule" ready',
          on: {
            'schedule.edit': {
              actions: assign({
                draft: ({ context, event }) => {
                  assertEvent(event, 'schedule.edit');
                  return { ...context.draft, [event.field]: event.value };
                },
                error: null,
              }),
              description: 'Choose a day or type a time',
            },
            'schedule.add': [
              {
                guard: 'startNotBeforeEnd',
                actions: assign({ error: SCHEDULE_TEXTS.startBeforeEnd }),
                description: 'Press "Add Rule" with a start not before the end',
              },
              { target: 'adding', actions: assign({ error: null }), description: 'Press "Add Rule"' },
            ],
            'schedule.delete': {
              guard: 'listed',
              target: 'confirmDelete',
              actions: assign({
                selected: ({ event }) => {
                  assertEvent(event, 'schedule.delete');
                  return event.availabilityid;
                },
                error: null,
              }),
              description: "Press a rule's delete icon",
            },
            'schedule.reload': {
              target: '#bookingSchedule.loading',
              actions: assign({ error: null }),
              description: 'Save the "Weekly hours" grid: the rows are read again from the server',
            },
          },
        },
        adding: {
          description: 'The button reads "Adding..."',
          tags: ['busy', 'adding'],
          invoke: {
            id: 'addRule',
            src: 'addRule',
            input: ({ context }) => ({
              resourceid: context.resource.resourceid,
              dayofweek: Number(context.draft.dayofweek),
              starttime: context.draft.starttime,
              endtime: context.draft.endtime,
            }),
            onDone: {
              target: 'idle',
              actions: assign({ rules: ({ context, event }) => [...context.rules, event.output].sort(byDayAndTime) }),
              description: 'The rule appears in the list, in day order',
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => failureText(event.error, BOOKING_TEXTS.addRuleFailed) }),
              description: 'The rule is refused (it overlaps another of that day) or fails: the reason shows',
            },
          },
        },
        ...confirmThenRun(bookingSchedule)({
          ask: {
            state: 'confirmDelete',
            description:
              '"Confirm Deletion" over the schedule names the rule, with Cancel (focused) and "Confirm Delete"',
            confirm: { event: 'schedule.confirmDelete', description: 'Press "Confirm Delete"' },
            cancel: {
              event: 'schedule.cancelDelete',
              target: 'idle',
              actions: assign({ selected: null }),
              description: 'Press "Cancel" (or Escape): the rule stays',
            },
          },
          run: {
            state: 'deleting',
            description: 'The rule is being deleted; "Confirm Delete" reads "Deleting..."',
            invoke: {
              id: 'deleteRule',
              src: 'deleteRule',
              input: ({ context }) => ({ availabilityid: context.selected! }),
              onDone: {
                target: 'idle',
                actions: assign({
                  rules: ({ context }) => context.rules.filter((r) => r.availabilityid !== context.selected),
                  selected: null,
                }),
                description: 'The question closes and the rule disappears from the list',
              },
              onError: {
                target: 'idle',
                actions: assign({
                  selected: null,
                  error: ({ event }) => failureText(event.error, BOOKING_TEXTS.deleteRuleFailed),
                }),
                description: 'The rule cannot be deleted: the question closes and "Failed to delete rule." shows',
              },
            },
          },
        }),
      },
    },
    closed: { type: 'final', description: 'The dialog is closed', entry: 'closeSchedule' },
  },
});
