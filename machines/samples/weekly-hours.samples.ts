/**
 * Samples for "Weekly hours" in Manage Schedule (issue 24), on the demo business's Window Table, open
 * Monday and Tuesday 08:00-18:00 in these samples.
 */
import { type AvailabilityRule, overlapText } from '#contracts/bookings.ts';
import { defineEntry, done, fail, note } from '../lib/entry.ts';
import { hoursChange, weeklyHoursMachine, weekProblem } from '../weekly-hours.machine.ts';
import { windowTable } from './bookings.samples.ts';
import { demoOwner } from './demo.samples.ts';

const rules: AvailabilityRule[] = [1, 2].map((dayofweek) => ({
  availabilityid: `5c4b3a29-1807-4f6e-8d5c-4b3a2918070${dayofweek}`,
  resourceid: windowTable.resourceid,
  dayofweek,
  starttime: '08:00:00',
  endtime: '18:00:00',
}));

/** Tuesday refused after Monday's change went through (a rival rule added meanwhile). */
const refusal = { message: overlapText(2, '08:00:00', '18:00:00'), dayofweek: 2, applied: 1 };

export const weeklyHoursEntry = defineEntry({
  machine: weeklyHoursMachine,
  title: 'Weekly hours (Manage Schedule)',
  samples: [
    note({ type: 'hours.toggle', day: 0 }, { say: 'tick or untick "Open" on Sunday' }),
    note(
      { type: 'hours.edit', day: 1, index: 0, field: 'endtime', value: '12:00' },
      { say: "type `12:00` in Monday's first Closes" },
    ),
    note(
      { type: 'hours.edit', day: 1, index: 1, field: 'starttime', value: '11:00' },
      { say: "type `11:00` in Monday's second Opens" },
    ),
    note({ type: 'hours.addRange', day: 1 }, { say: 'press "Add hours" on Monday' }),
    note({ type: 'hours.removeRange', day: 1, index: 0 }, { say: "press the remove button of Monday's first range" }),
    note({ type: 'hours.copyMonday' }, { say: '' }),
    { type: 'hours.save' },
    done('applyHours'),
    note(fail('applyHours', refusal), {
      notByHand: 'A refusal after some changes went through needs a rival change between two calls',
    }),
    note(fail('applyHours', { message: 'An unknown network error occurred.', network: true }), {
      arrange: 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step',
    }),
  ],
  uiKey: (s) => ({
    state: s.value,
    error: s.context.error,
    problem: weekProblem(s.context.week) !== null,
    changed: (({ deletes, creates }) => deletes.length + creates.length > 0)(
      hoursChange(s.context.resource.resourceid, s.context.rules, s.context.week),
    ),
  }),
  inputs: [
    {
      label: 'Press "Schedule" on Window Table in Booking Setup (open Monday and Tuesday 08:00-18:00)',
      input: { resource: windowTable, rules },
      start: {
        url: '/bookings/setup',
        signedInAs: demoOwner,
        andThen: 'press "Schedule" on Window Table and scroll to "Weekly hours"',
        note: 'Leave only "Monday: 08:00 - 18:00" and "Tuesday: 08:00 - 18:00" in the rows first',
      },
    },
  ],
  plan: {
    shows: (s) => (s.context.error ? [`The alert under Weekly hours reads "${s.context.error}"`] : []),
    test: 'tests/generated/weekly-hours.generated.test.tsx',
  },
});
