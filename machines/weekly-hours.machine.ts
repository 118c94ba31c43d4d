/**
 * "Weekly hours" (issue 24): the schedule modal's comfortable way to set a resource's weekly rules as a
 * grid, Monday..Sunday, each day open or closed with one or more 24-hour ranges ("Add hours", remove a
 * range, "Copy Monday to weekdays"). The spec's rows ("Day: HH:MM - HH:MM") and rule form stay; "Save
 * weekly hours" applies only the difference through the same weekly-rule routes (removed rules deleted
 * first, then new ones created). Overlapping or empty ranges in a day are refused here, before any call.
 * A refusal keeps the server's message and names the day; what was already applied is said, not hidden.
 * Effect: applyHours (deletes, then creates, in order; stops at the first refusal).
 */
import { assertEvent, assign, setup } from 'xstate';
import { type AvailabilityRule, DAY_NAMES, type Resource } from '#contracts/bookings.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface HoursRange {
  starttime: string;
  endtime: string;
}
export interface DayHours {
  open: boolean;
  ranges: HoursRange[];
}
/** Indexed by dayofweek (0 = Sunday .. 6 = Saturday), like the spec's day select. */
export type WeekHours = DayHours[];

/** The grid's row order: Monday first, Sunday last. */
export const GRID_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const WEEKDAYS = [2, 3, 4, 5] as const;

export interface HoursChange {
  deletes: AvailabilityRule[];
  creates: { resourceid: string; dayofweek: number; starttime: string; endtime: string }[];
}

export interface WeeklyHoursContext {
  resource: Resource;
  /** The rules as the server last answered them: the save's baseline. */
  rules: AvailabilityRule[];
  week: WeekHours;
  error: string | null;
}

export type WeeklyHoursEvent =
  | { type: 'hours.toggle'; day: number }
  | { type: 'hours.edit'; day: number; index: number; field: keyof HoursRange; value: string }
  | { type: 'hours.addRange'; day: number }
  | { type: 'hours.removeRange'; day: number; index: number }
  | { type: 'hours.copyMonday' }
  | { type: 'hours.save' };

export const HOURS_TEXTS = {
  title: 'Weekly hours',
  addHours: 'Add hours',
  copyMonday: 'Copy Monday to weekdays',
  save: 'Save weekly hours',
  saving: 'Saving...',
  saved: 'Weekly hours saved.',
  nothingToSave: 'Nothing to save: the weekly hours are unchanged.',
  startBeforeEnd: (day: string) => `${day}: start time must be before end time.`,
  overlap: (day: string, a: HoursRange, b: HoursRange) =>
    `${day}: ${a.starttime} - ${a.endtime} overlaps ${b.starttime} - ${b.endtime}.`,
  openNeedsHours: (day: string) => `${day}: an open day needs at least one range of hours.`,
  refused: (day: string, reason: string, applied: number) =>
    `${day} was not saved: ${reason}${applied > 0 ? ` (${applied} earlier change${applied === 1 ? ' was' : 's were'} applied; the list shows what is saved)` : ''}`,
  failed: 'Could not save weekly hours.',
} as const;

const hhmm = (t: string) => t.slice(0, 5);
const NEW_RANGE: HoursRange = { starttime: '09:00', endtime: '17:00' };

/** The grid as the rules describe it: a day with rules is open with their ranges, in time order. */
export function weekFromRules(rules: AvailabilityRule[]): WeekHours {
  return DAY_NAMES.map((_, day) => {
    const ranges = rules
      .filter((r) => r.dayofweek === day)
      .map((r) => ({ starttime: hhmm(r.starttime), endtime: hhmm(r.endtime) }))
      .sort((a, b) => a.starttime.localeCompare(b.starttime));
    return { open: ranges.length > 0, ranges: ranges.length > 0 ? ranges : [{ ...NEW_RANGE }] };
  });
}

/** The first problem of the grid, in grid order, or null: empty or reversed ranges, overlaps. */
export function weekProblem(week: WeekHours): string | null {
  for (const day of GRID_DAYS) {
    const { open, ranges } = week[day]!;
    if (!open) continue;
    const name = DAY_NAMES[day];
    if (ranges.length === 0) return HOURS_TEXTS.openNeedsHours(name);
    for (const r of ranges)
      if (!r.starttime || !r.endtime || r.starttime >= r.endtime) return HOURS_TEXTS.startBeforeEnd(name);
    const sorted = [...ranges].sort((a, b) => a.starttime.localeCompare(b.starttime));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.starttime < sorted[i - 1]!.endtime) return HOURS_TEXTS.overlap(name, sorted[i - 1]!, sorted[i]!);
    }
  }
  return null;
}

/** Exactly the difference between the saved rules and the grid: what to delete, what to create. */
export function hoursChange(resourceid: string, rules: AvailabilityRule[], week: WeekHours): HoursChange {
  const key = (day: number, r: HoursRange) => `${day} ${hhmm(r.starttime)} ${hhmm(r.endtime)}`;
  const wanted = new Set<string>();
  const creates: HoursChange['creates'] = [];
  const have = new Set(rules.map((r) => key(r.dayofweek, r)));
  for (const day of GRID_DAYS) {
    const { open, ranges } = week[day]!;
    if (!open) continue;
    for (const r of ranges) {
      const k = key(day, r);
      if (wanted.has(k)) continue;
      wanted.add(k);
      if (!have.has(k)) creates.push({ resourceid, dayofweek: day, starttime: r.starttime, endtime: r.endtime });
    }
  }
  return { deletes: rules.filter((r) => !wanted.has(key(r.dayofweek, r))), creates };
}

/** How applyHours reports a refusal: the day it stopped at, the server's reason, how many went through. */
export interface HoursRefusal {
  message: string;
  dayofweek: number;
  applied: number;
}

const editDay = (week: WeekHours, day: number, change: (d: DayHours) => DayHours) =>
  week.map((d, i) => (i === day ? change(d) : d));

const weeklyHours = setup({
  types: {
    input: {} as { resource: Resource; rules: AvailabilityRule[] },
    context: {} as WeeklyHoursContext,
    events: {} as WeeklyHoursEvent,
    tags: {} as ViewTag,
  },
  actors: { applyHours: notProvided<void, HoursChange>('applyHours') },
  actions: { hoursSaved: () => {} },
  guards: {
    /** The range is on screen: its day is open and has that many ranges. */
    shownRange: ({ context, event }) => {
      if (event.type !== 'hours.edit' && event.type !== 'hours.removeRange') return false;
      const day = context.week[event.day];
      return !!day?.open && event.index < day.ranges.length;
    },
    invalid: ({ context }) => weekProblem(context.week) !== null,
    unchanged: ({ context }) => {
      const change = hoursChange(context.resource.resourceid, context.rules, context.week);
      return change.deletes.length === 0 && change.creates.length === 0;
    },
  },
});

export const weeklyHoursMachine = weeklyHours.createMachine({
  id: 'weeklyHours',
  context: ({ input }) => ({
    resource: input.resource,
    rules: input.rules,
    week: weekFromRules(input.rules),
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The grid Monday..Sunday: Open, the ranges, "Add hours", "Copy Monday to weekdays", "Save weekly hours"',
      tags: ['ready'],
      on: {
        'hours.toggle': {
          actions: assign({
            week: ({ context, event }) => {
              assertEvent(event, 'hours.toggle');
              return editDay(context.week, event.day, (d) => ({
                open: !d.open,
                ranges: d.ranges.length > 0 ? d.ranges : [{ ...NEW_RANGE }],
              }));
            },
            error: null,
          }),
          description: "Tick or untick a day's Open (a day ticked open again shows its last hours)",
        },
        'hours.edit': {
          guard: 'shownRange',
          actions: assign({
            week: ({ context, event }) => {
              assertEvent(event, 'hours.edit');
              return editDay(context.week, event.day, (d) => ({
                ...d,
                ranges: d.ranges.map((r, i) => (i === event.index ? { ...r, [event.field]: event.value } : r)),
              }));
            },
            error: null,
          }),
          description: 'Type a start or end time of a range',
        },
        'hours.addRange': {
          actions: assign({
            week: ({ context, event }) => {
              assertEvent(event, 'hours.addRange');
              return editDay(context.week, event.day, (d) => {
                const last = d.ranges.at(-1);
                const next = last && last.endtime < '23:00' ? { starttime: last.endtime, endtime: '23:59' } : NEW_RANGE;
                return { open: true, ranges: [...d.ranges, { ...next }] };
              });
            },
            error: null,
          }),
          description: 'Press "Add hours" on a day: a second range after the last',
        },
        'hours.removeRange': {
          guard: 'shownRange',
          actions: assign({
            week: ({ context, event }) => {
              assertEvent(event, 'hours.removeRange');
              return editDay(context.week, event.day, (d) => {
                const ranges = d.ranges.filter((_, i) => i !== event.index);
                return ranges.length > 0 ? { ...d, ranges } : { open: false, ranges: [{ ...NEW_RANGE }] };
              });
            },
            error: null,
          }),
          description: "Press a range's remove button (the last range removed closes the day)",
        },
        'hours.copyMonday': {
          actions: assign({
            week: ({ context }) => {
              const monday = context.week[1]!;
              return context.week.map((d, day) =>
                (WEEKDAYS as readonly number[]).includes(day)
                  ? { open: monday.open, ranges: monday.ranges.map((r) => ({ ...r })) }
                  : d,
              );
            },
            error: null,
          }),
          description: 'Press "Copy Monday to weekdays": Tuesday..Friday take Monday\'s hours',
        },
        'hours.save': [
          {
            guard: 'invalid',
            actions: assign({ error: ({ context }) => weekProblem(context.week) }),
            description: 'Press "Save weekly hours" with overlapping or reversed ranges: the problem shows',
          },
          {
            guard: 'unchanged',
            actions: assign({ error: HOURS_TEXTS.nothingToSave }),
            description: 'Press "Save weekly hours" with nothing changed',
          },
          { target: 'saving', actions: assign({ error: null }), description: 'Press "Save weekly hours"' },
        ],
      },
    },
    saving: {
      description: '"Save weekly hours" reads "Saving..."; removed rules are deleted, then new ones created',
      tags: ['busy'],
      invoke: {
        id: 'applyHours',
        src: 'applyHours',
        input: ({ context }) => hoursChange(context.resource.resourceid, context.rules, context.week),
        onDone: {
          target: 'saved',
          description: 'Every change went through: the rule rows reload',
        },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => {
              const refusal = event.error as Partial<HoursRefusal> | undefined;
              const reason = failureText(event.error, HOURS_TEXTS.failed);
              return typeof refusal?.dayofweek === 'number'
                ? HOURS_TEXTS.refused(DAY_NAMES[refusal.dayofweek]!, reason, refusal.applied ?? 0)
                : reason;
            },
          }),
          description: "A change is refused or fails: the server's message shows, naming the day",
        },
      },
    },
    saved: { type: 'final', description: 'Saved: the schedule reloads from the server', entry: 'hoursSaved' },
  },
});
