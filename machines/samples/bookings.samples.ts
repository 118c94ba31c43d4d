/**
 * Samples for the booking screens, on the seeded demo business (server/seed/bookings.ts): its
 * resources "Window Table" (capacity 4) and "Meeting Room" (capacity 8), open every day 08:00-18:00,
 * with a week of bookings.
 */
import {
  type AvailabilityRule,
  BOOKING_TEXTS,
  type Booking,
  type Closure,
  futureBookingsText,
  overlapText,
  type Resource,
  type Slot,
} from '#contracts/bookings.ts';
import { resourceLimitReached } from '#contracts/limits.ts';
import { bookingClosuresMachine, closureError } from '../booking-closures.machine.ts';
import { bookingFormMachine } from '../booking-form.machine.ts';
import { bookingScheduleMachine } from '../booking-schedule.machine.ts';
import { bookingSetupMachine } from '../booking-setup.machine.ts';
import { bookingsCalendarMachine } from '../bookings-calendar.machine.ts';
import { defineEntry, done, fail, note } from '../lib/entry.ts';
import { demoOwner } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const networkFailure = 'An unknown network error occurred.';
const noServerWithoutReason = 'The server always gives a reason, so the fallback text needs a fake';
const block = (pattern: string) =>
  `In DevTools → Network → Network request blocking, block the pattern \`${pattern}\` (remove the block after this scenario)`;

export const windowTable: Resource = {
  resourceid: '3f1c2b7e-1d2a-4c5b-8e9f-0a1b2c3d4e5f',
  resourcename: 'Window Table',
  description: 'The big table by the harbour window.',
  capacity: 4,
  isactive: true,
};
export const meetingRoom: Resource = {
  resourceid: '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
  resourcename: 'Meeting Room',
  description: 'Upstairs, with a screen and coffee on tap.',
  capacity: 8,
  isactive: true,
};
const today = '2026-11-23';
const slotsOn: Slot[] = [
  { start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' },
  { start: '2026-11-23T09:30:00.000Z', end: '2026-11-23T10:30:00.000Z' },
  { start: '2026-11-23T10:00:00.000Z', end: '2026-11-23T11:00:00.000Z' },
];
const ameliaBooking: Booking = {
  bookingid: '0b5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f70',
  resourceid: windowTable.resourceid,
  start: '2026-11-23T09:00:00.000Z',
  end: '2026-11-23T10:00:00.000Z',
  title: 'Window Table',
  firstname: 'Amelia',
  surname: 'Hughes',
  email: 'amelia.hughes.0@customers.example',
  partysize: 2,
  notes: 'Birthday, window seat please',
  status: 'confirmed',
};

export const bookingFormEntry = defineEntry({
  machine: bookingFormMachine,
  title: 'Create New Booking (the dialog of the Bookings Calendar)',
  samples: [
    note(
      { type: 'booking.edit', field: 'resourceid', value: windowTable.resourceid },
      { say: 'choose "Window Table" in Resource' },
    ),
    note({ type: 'booking.edit', field: 'date', value: '2026-12-07' }, { say: 'choose a date next week in Date' }),
    note({ type: 'booking.edit', field: 'duration', value: '90' }, { say: 'choose "1 hour 30 mins" in Duration' }),
    note({ type: 'booking.edit', field: 'partysize', value: '0' }, { say: 'type `0` in Party Size' }),
    note({ type: 'booking.edit', field: 'partysize', value: '2' }, { say: 'type `2` in Party Size' }),
    note(
      { type: 'booking.edit', field: 'customerEmail', value: ameliaBooking.email },
      { say: `type \`${ameliaBooking.email}\` in Customer Email` },
    ),
    note(
      { type: 'booking.edit', field: 'notes', value: 'Birthday, window seat please' },
      { say: 'type `Birthday, window seat please` in Notes (Optional)' },
    ),
    note({ type: 'booking.pickSlot', start: slotsOn[0]!.start }, { say: 'press the first time under Available Slots' }),
    note({ type: 'booking.retrySlots' }, { say: 'press "Try again" under Available Slots' }),
    note(
      { type: 'booking.submit' },
      {
        notByHandIn: (s) =>
          s.context.selected === null ? '"Create Booking" stays disabled until a time is chosen' : undefined,
      },
    ),
    { type: 'booking.cancel' },
    done('loadSlots', slotsOn),
    note(done('loadSlots', []), {
      arrange: 'Choose a day the Window Table is closed (add a closure in Booking Setup)',
    }),
    note(fail('loadSlots', { message: networkFailure, network: true }), { arrange: block('*booking-availability*') }),
    done('createBooking', ameliaBooking),
    note(fail('createBooking', { message: BOOKING_TEXTS.slotTaken, status: 409 }), {
      arrange:
        'In a second tab, book the same resource, date and time (for capacity 4, with Party Size 4) before pressing "Create Booking" here',
    }),
    note(fail('createBooking', { message: '' }), { notByHand: noServerWithoutReason }),
  ],
  uiKey: (s) => ({
    state: s.value,
    slots: s.context.slots.length > 0,
    selected: s.context.selected !== null,
    fields: Object.keys(s.context.fieldErrors).sort(),
    // What a person tells apart: the time just taken (the slots reload) or another failure.
    error: s.context.error === BOOKING_TEXTS.slotTaken ? 'taken' : !!s.context.error,
  }),
  inputs: [
    {
      label: 'Press "Create Booking" on the Bookings Calendar',
      input: { resources: [windowTable, meetingRoom], today },
      start: { url: '/bookings/calendar', signedInAs: demoOwner, andThen: 'press "Create Booking"' },
    },
  ],
  plan: {
    shows: (s) => [
      ...Object.values(s.context.fieldErrors as Record<string, string>).map((m) => `Under its field: "${m}"`),
      ...(s.context.error ? [`The dialog's alert: "${s.context.error}"`] : []),
    ],
    test: 'tests/generated/booking-form.generated.test.tsx',
  },
});

export const bookingsCalendarEntry = defineEntry({
  machine: bookingsCalendarMachine,
  title: 'Bookings Calendar (/bookings/calendar)',
  samples: [
    note({ type: 'calendar.navigate', date: '2026-11-30' }, { say: 'press "Next" above the calendar' }),
    note({ type: 'calendar.view', view: 'day' }, { say: 'press "Day"' }),
    note({ type: 'calendar.view', view: 'week' }, { say: 'press "Week"' }),
    note({ type: 'calendar.filter', resourceId: windowTable.resourceid }, { say: 'choose "Window Table" in Filter' }),
    note({ type: 'calendar.filter', resourceId: '' }, { say: 'choose "All Resources" in Filter' }),
    note({ type: 'calendar.retry' }, { say: 'press "Try again"' }),
    note({ type: 'calendar.open', bookingid: ameliaBooking.bookingid }, { say: 'press a booking on the calendar' }),
    note({ type: 'calendar.close' }, { say: 'press "Close"' }),
    note(
      {
        type: 'calendar.changed',
        booking: {
          bookingid: ameliaBooking.bookingid,
          resourceid: ameliaBooking.resourceid,
          resourcename: ameliaBooking.title,
          start: ameliaBooking.start,
          end: ameliaBooking.end,
          partysize: ameliaBooking.partysize,
          notes: ameliaBooking.notes,
          status: 'no_show',
          cancelledat: null,
          cancelreason: null,
          source: 'owner',
          customer: {
            customerid: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
            firstname: ameliaBooking.firstname,
            surname: ameliaBooking.surname,
            email: ameliaBooking.email,
          },
        },
      },
      { action: 'Press "Mark no-show" in "Booking Details"' },
    ),
    note({ type: 'calendar.showCancelled', show: true }, { say: 'tick "Show cancelled"' }),
    note(
      {
        type: 'calendar.refreshed',
        bookings: [
          ameliaBooking,
          {
            ...ameliaBooking,
            bookingid: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
            start: '2026-11-24T11:00:00.000Z',
            end: '2026-11-24T12:00:00.000Z',
            firstname: 'Noah',
            surname: 'Patel',
            email: 'noah.patel.1@customers.example',
            notes: null,
          },
        ],
      },
      {
        action:
          'In a second terminal, book the Window Table for tomorrow 11:00 as a customer (`npm run simulate -- --book`), then wait up to 20 s',
      },
    ),
    note(
      {
        type: 'calendar.move',
        bookingid: ameliaBooking.bookingid,
        bookingstarttime: '2026-11-23T11:00:00.000Z',
        bookingendtime: '2026-11-23T12:00:00.000Z',
      },
      { action: "Drag Amelia Hughes's booking two hours later (week or day view)" },
    ),
    done('moveBooking', {
      bookingid: ameliaBooking.bookingid,
      resourceid: ameliaBooking.resourceid,
      resourcename: ameliaBooking.title,
      start: '2026-11-23T11:00:00.000Z',
      end: '2026-11-23T12:00:00.000Z',
      partysize: ameliaBooking.partysize,
      notes: ameliaBooking.notes,
      status: 'confirmed',
      cancelledat: null,
      cancelreason: null,
      source: 'owner',
      customer: {
        customerid: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
        firstname: ameliaBooking.firstname,
        surname: ameliaBooking.surname,
        email: ameliaBooking.email,
      },
    }),
    note(fail('moveBooking', { message: BOOKING_TEXTS.badDuration, status: 400 }), {
      arrange: 'Drag the bottom edge of the booking to make it 2 hours long (instead of moving it)',
    }),
    note({ type: 'calendar.dismiss' }, { say: 'press "Dismiss" beside the message' }),
    { type: 'calendar.create' },
    note({ type: 'calendar.created' }, { action: 'Make a booking in "Create New Booking" (any free time)' }),
    note({ type: 'calendar.cancelCreate' }, { action: 'Press "Cancel" in "Create New Booking"' }),
    done('loadBookings', [ameliaBooking]),
    note(done('loadBookings', []), { arrange: 'Go to a week far ahead, with no bookings (press "Next" a few times)' }),
    note(fail('loadBookings', { message: networkFailure, network: true }), {
      arrange: block('*me/bookings*'),
    }),
    done('loadResources', [windowTable, meetingRoom]),
    note(fail('loadResources', { message: networkFailure, network: true }), {
      arrange: `${block('*booking-resources*')}, then reload the page`,
    }),
  ],
  uiKey: (s) => ({
    state: s.value,
    view: s.context.view,
    filtered: s.context.resourceId !== '',
    bookings: s.context.bookings.length > 0,
  }),
  inputs: [
    {
      label: 'The calendar on a computer',
      input: { today, view: 'week' },
      start: { url: '/bookings/calendar', signedInAs: demoOwner },
    },
  ],
  plan: {
    lasting: [],
    test: 'tests/generated/bookings-calendar.generated.test.tsx',
  },
});

const newTable: Resource = {
  ...windowTable,
  resourceid: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  resourcename: 'Garden Table',
};

export const bookingSetupEntry = defineEntry({
  machine: bookingSetupMachine,
  title: 'Booking Setup: resources (/bookings/setup)',
  samples: [
    { type: 'setup.new' },
    note({ type: 'setup.edit', resourceid: windowTable.resourceid }, { say: 'press "Edit" on Window Table' }),
    note(
      { type: 'setup.change', field: 'resourcename', value: 'Garden Table' },
      { say: 'type `Garden Table` in Name' },
    ),
    note({ type: 'setup.change', field: 'resourcename', value: '' }, { say: 'clear Name' }),
    note({ type: 'setup.change', field: 'capacity', value: '0' }, { say: 'type `0` in Capacity' }),
    note({ type: 'setup.change', field: 'isactive', value: false }, { say: 'untick Active' }),
    { type: 'setup.save' },
    { type: 'setup.cancel' },
    note({ type: 'setup.delete', resourceid: windowTable.resourceid }, { say: 'press "Delete" on Window Table' }),
    { type: 'setup.confirmDelete' },
    note({ type: 'setup.schedule', resourceid: windowTable.resourceid }, { say: 'press "Schedule" on Window Table' }),
    note({ type: 'setup.closeSchedule' }, { say: 'press "Close" in the schedule dialog' }),
    note({ type: 'setup.retry' }, { say: 'press "Try again"' }),
    // The other rows' buttons (a person may press any row; the plans use Window Table).
    ...[meetingRoom, newTable].flatMap((r) => [
      note({ type: 'setup.edit', resourceid: r.resourceid }, { say: `press "Edit" on ${r.resourcename}` }),
      note({ type: 'setup.delete', resourceid: r.resourceid }, { say: `press "Delete" on ${r.resourcename}` }),
      note({ type: 'setup.schedule', resourceid: r.resourceid }, { say: `press "Schedule" on ${r.resourcename}` }),
    ]),
    done('loadResources', [windowTable, meetingRoom]),
    note(done('loadResources', []), { arrange: 'Sign in as a newly registered business (it has no resources)' }),
    note(fail('loadResources', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('canAddResource', { canAdd: true, limit: 5 }),
    note(done('canAddResource', { canAdd: false, limit: 1 }), {
      arrange: 'Sign in as a newly registered business (Free: one resource) that already added one',
    }),
    note(fail('canAddResource', { message: networkFailure, network: true }), { arrange: block('*can-add-resource*') }),
    done('saveResource', newTable),
    note(fail('saveResource', { message: resourceLimitReached(5) }), {
      notByHand: 'Another tab would have to add the last allowed resource between the check and the save',
    }),
    done('deleteResource', { message: 'Resource deleted.' }),
    note(fail('deleteResource', { message: futureBookingsText('Window Table', 3), status: 409 }), {
      arrange: 'The demo Window Table has bookings ahead (the seed made them)',
    }),
    note(fail('deleteResource', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({
    state: s.value,
    resources: s.context.resources.length > 0,
    fields: Object.keys(s.context.fieldErrors).sort(),
    error: !!s.context.error,
    conflict: s.context.futureBookings > 0,
    editing: s.context.target !== null,
  }),
  plan: {
    start: { url: '/bookings/setup', signedInAs: demoOwner },
    shows: (s) => [
      ...(s.context.error && s.matches({ ready: 'list' }) ? [`An alert: "${s.context.error}"`] : []),
      ...(s.context.error && s.matches({ ready: 'editing' }) ? [`The dialog's alert: "${s.context.error}"`] : []),
      ...(s.context.error && s.hasTag('confirm') ? [`The dialog says: "${s.context.error}"`] : []),
      ...Object.values(s.context.fieldErrors as Record<string, string>).map((m) => `Under its field: "${m}"`),
    ],
    test: 'tests/generated/booking-setup.generated.test.tsx',
  },
});

const rules: AvailabilityRule[] = [1, 2].map((dayofweek) => ({
  availabilityid: `5c4b3a29-1807-4f6e-8d5c-4b3a2918070${dayofweek}`,
  resourceid: windowTable.resourceid,
  dayofweek,
  starttime: '08:00:00',
  endtime: '18:00:00',
}));

const addedRule: AvailabilityRule = {
  ...rules[0]!,
  availabilityid: '6d5c4b3a-2918-4070-9e6d-5c4b3a291807',
  dayofweek: 0,
};

export const bookingScheduleEntry = defineEntry({
  machine: bookingScheduleMachine,
  title: 'Manage Schedule (Booking Setup)',
  samples: [
    note({ type: 'schedule.edit', field: 'dayofweek', value: '0' }, { say: 'choose "Sunday" in Day' }),
    note({ type: 'schedule.edit', field: 'starttime', value: '18:00' }, { say: 'type `18:00` in Start Time' }),
    note({ type: 'schedule.edit', field: 'starttime', value: '09:00' }, { say: 'type `09:00` in Start Time' }),
    { type: 'schedule.add' },
    note(
      { type: 'schedule.delete', availabilityid: rules[0]!.availabilityid },
      { say: 'press the delete icon of "Monday: 08:00 - 18:00"' },
    ),
    note(
      { type: 'schedule.delete', availabilityid: rules[1]!.availabilityid },
      { say: 'press the delete icon of "Tuesday: 08:00 - 18:00"' },
    ),
    note(
      { type: 'schedule.delete', availabilityid: addedRule.availabilityid },
      { say: 'press the delete icon of "Sunday: 08:00 - 18:00"' },
    ),
    { type: 'schedule.confirmDelete' },
    note({ type: 'schedule.cancelDelete' }, { say: '' }),
    note({ type: 'schedule.retry' }, { say: 'press "Try again"' }),
    note(
      { type: 'schedule.reload' },
      { action: 'In "Weekly hours", untick "Open" on Sunday and press "Save weekly hours": the rows are read again' },
    ),
    { type: 'schedule.close' },
    done('loadRules', rules),
    note(done('loadRules', []), { arrange: 'Open the schedule of a resource you just added' }),
    note(fail('loadRules', { message: networkFailure, network: true }), { arrange: block('*api/availability/*') }),
    note(done('addRule', addedRule), {
      arrange:
        'Delete the rule "Sunday: 08:00 - 18:00" (its delete icon) and choose "Sunday" in Day: every other day already has 08:00 - 18:00',
    }),
    note(fail('addRule', { message: overlapText(1, '08:00:00', '18:00:00') }), {
      arrange: 'Choose Monday, which already has 08:00 - 18:00',
    }),
    done('deleteRule'),
    note(fail('deleteRule', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({ state: s.value, rules: s.context.rules.length > 0, error: !!s.context.error }),
  inputs: [
    {
      label: 'Press "Schedule" on Window Table in Booking Setup',
      input: { resource: windowTable },
      start: { url: '/bookings/setup', signedInAs: demoOwner, andThen: 'press "Schedule" on Window Table' },
    },
  ],
  plan: {
    shows: (s) => (s.context.error && !s.hasTag('error') ? [`Under the form: "${s.context.error}"`] : []),
    test: 'tests/generated/booking-schedule.generated.test.tsx',
  },
});

const christmas: Closure = {
  closureid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  resourceid: null,
  resourcename: null,
  startdate: '2026-12-24',
  enddate: '2026-12-26',
  reason: 'Christmas',
};

const addedClosure: Closure = {
  ...christmas,
  closureid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  reason: 'Boxing Day stocktake',
};

export const bookingClosuresEntry = defineEntry({
  machine: bookingClosuresMachine,
  title: 'Closures (Booking Setup)',
  samples: [
    note({ type: 'closures.edit', field: 'startdate', value: '2026-12-24' }, { say: 'choose 24 December in From' }),
    note({ type: 'closures.edit', field: 'enddate', value: '2026-12-20' }, { say: 'choose 20 December in To' }),
    note({ type: 'closures.edit', field: 'enddate', value: '2026-12-26' }, { say: 'choose 26 December in To' }),
    note({ type: 'closures.edit', field: 'reason', value: 'Christmas' }, { say: 'type `Christmas` in Reason' }),
    { type: 'closures.add' },
    note({ type: 'closures.delete', closureid: christmas.closureid }, { say: 'press "Remove" on the closure' }),
    note({ type: 'closures.delete', closureid: addedClosure.closureid }, { say: 'press "Remove" on the new closure' }),
    { type: 'closures.confirmDelete' },
    note({ type: 'closures.cancelDelete' }, { say: '' }),
    note({ type: 'closures.retry' }, { say: 'press "Try again" under Closures' }),
    done('loadClosures', [christmas]),
    note(done('loadClosures', []), { arrange: 'Remove every closure first (or use a new business)' }),
    note(fail('loadClosures', { message: networkFailure, network: true }), { arrange: block('*booking-closures*') }),
    done('addClosure', {
      ...christmas,
      closureid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      reason: 'Boxing Day stocktake',
    }),
    note(fail('addClosure', { message: '' }), { notByHand: noServerWithoutReason }),
    done('deleteClosure'),
    note(fail('deleteClosure', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({
    state: s.value,
    closures: s.context.closures.length > 0,
    valid: closureError(s.context) === null,
    error: !!s.context.error,
  }),
  inputs: [
    {
      label: 'Closures, under the resources of Booking Setup',
      input: { today },
      start: { url: '/bookings/setup', signedInAs: demoOwner },
    },
  ],
  plan: {
    shows: (s) => (s.context.error && !s.hasTag('error') ? [`Under the form: "${s.context.error}"`] : []),
    test: 'tests/generated/booking-closures.generated.test.tsx',
  },
});
