/**
 * "Manage Schedule for {resource name}" (spec §2 Booking Setup, schedule modal): the weekly rules as
 * "Day: HH:MM - HH:MM" with a delete icon each, and the add form (day Sunday..Saturday = 0..6, start
 * 09:00, end 17:00). A rule overlapping another of that day is refused by the server with its reason.
 * Effects: loadRules, addRule, deleteRule.
 */
import { assertEvent, assign, setup } from 'xstate';
import { type AvailabilityRule, BOOKING_TEXTS, type Resource } from '#contracts/bookings.ts';
import { failureText, notProvided } from './lib/effects.ts';

export interface RuleDraft {
  dayofweek: string;
  starttime: string;
  endtime: string;
}

export interface ScheduleContext {
  resource: Resource;
  rules: AvailabilityRule[];
  draft: RuleDraft;
  error: string | null;
  /** The form's own message (start not before end, or the server's refusal). */
  formError: string | null;
  deleting: string | null;
}

export type ScheduleEvent =
  | { type: 'schedule.edit'; field: keyof RuleDraft; value: string }
  | { type: 'schedule.add' }
  | { type: 'schedule.delete'; availabilityid: string }
  | { type: 'schedule.retry' }
  | { type: 'schedule.close' };

export const SCHEDULE_TEXTS = {
  startBeforeEnd: 'Start time must be before end time.',
} as const;

export const DEFAULT_RULE: RuleDraft = { dayofweek: '1', starttime: '09:00', endtime: '17:00' };

const byDayAndTime = (a: AvailabilityRule, b: AvailabilityRule) =>
  a.dayofweek - b.dayofweek || a.starttime.localeCompare(b.starttime);

export const bookingScheduleMachine = setup({
  types: {
    input: {} as { resource: Resource },
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    tags: {} as 'busy',
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
}).createMachine({
  id: 'bookingSchedule',
  context: ({ input }) => ({
    resource: input.resource,
    rules: [],
    draft: DEFAULT_RULE,
    error: null,
    formError: null,
    deleting: null,
  }),
  on: { 'schedule.close': { target: '.closed', description: 'Press "Close" (or ×, or Escape)' } },
  initial: 'loading',
  states: {
    loading: {
      description: 'The dialog reads "Loading schedule..."',
      tags: 'busy',
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
          actions: assign({ error: BOOKING_TEXTS.scheduleFailed }),
          description: 'The schedule cannot be loaded: "Could not load schedule."',
        },
      },
    },
    failed: {
      description: '"Could not load schedule." with "Try again"',
      on: { 'schedule.retry': { target: 'loading', description: 'Press "Try again"' } },
    },
    ready: {
      description: 'The weekly rules and the add form (Day, Start Time, End Time, "Add Rule")',
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
                formError: null,
              }),
              description: 'Choose a day or type a time',
            },
            'schedule.add': [
              {
                guard: 'startNotBeforeEnd',
                actions: assign({ formError: SCHEDULE_TEXTS.startBeforeEnd }),
                description: 'Press "Add Rule" with a start not before the end',
              },
              { target: 'adding', actions: assign({ formError: null }), description: 'Press "Add Rule"' },
            ],
            'schedule.delete': {
              guard: 'listed',
              target: 'deleting',
              actions: assign({
                deleting: ({ event }) => {
                  assertEvent(event, 'schedule.delete');
                  return event.availabilityid;
                },
                formError: null,
              }),
              description: "Press a rule's delete icon",
            },
          },
        },
        adding: {
          description: 'The button reads "Adding..."',
          tags: 'busy',
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
              actions: assign({ formError: ({ event }) => failureText(event.error, BOOKING_TEXTS.addRuleFailed) }),
              description: 'The rule is refused (it overlaps another of that day) or fails: the reason shows',
            },
          },
        },
        deleting: {
          description: "The rule's delete icon is busy",
          tags: 'busy',
          invoke: {
            id: 'deleteRule',
            src: 'deleteRule',
            input: ({ context }) => ({ availabilityid: context.deleting! }),
            onDone: {
              target: 'idle',
              actions: assign({
                rules: ({ context }) => context.rules.filter((r) => r.availabilityid !== context.deleting),
                deleting: null,
              }),
              description: 'The rule disappears from the list',
            },
            onError: {
              target: 'idle',
              actions: assign({
                deleting: null,
                formError: ({ event }) => failureText(event.error, BOOKING_TEXTS.deleteRuleFailed),
              }),
              description: 'The rule cannot be deleted: "Failed to delete rule."',
            },
          },
        },
      },
    },
    closed: { type: 'final', description: 'The dialog is closed', entry: 'closeSchedule' },
  },
});
