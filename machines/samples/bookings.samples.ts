/**
 * Samples for the booking screens, on the seeded demo business (server/seed/bookings.ts): its
 * resources "Window Table" (capacity 4) and "Meeting Room" (capacity 8), open every day 08:00-18:00,
 * with a week of bookings.
 */
import {
  type AvailabilityRule,
  BOOKING_SETTINGS_DEFAULTS,
  BOOKING_TEXTS,
  type Booking,
  type Closure,
  type CustomerSuggestion,
  futureBookingsText,
  overlapText,
  type Resource,
  type Slot,
} from '#contracts/bookings.ts';
import { resourceLimitReached } from '#contracts/limits.ts';
import { bookingClosuresMachine, closureError } from '../booking-closures.machine.ts';
import { bookingFormMachine } from '../booking-form.machine.ts';
import { bookingScheduleMachine } from '../booking-schedule.machine.ts';
import { bookingSettingsMachine, REMINDER_OFF } from '../booking-settings.machine.ts';
import { bookingSetupMachine } from '../booking-setup.machine.ts';
import { bookingsCalendarMachine } from '../bookings-calendar.machine.ts';
import { customerSuggestMachine, suggestionName } from '../customer-suggest.machine.ts';
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
const openForm = 'Press "Create Booking" on the Bookings Calendar';
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

const chooseWindowTable = note(
  { type: 'booking.edit', field: 'resourceid', value: windowTable.resourceid },
  { say: 'choose "Window Table" in Resource' },
);
const chooseMeetingRoom = note(
  { type: 'booking.edit', field: 'resourceid', value: meetingRoom.resourceid },
  { say: 'choose "Meeting Room" in Resource' },
);
const nextWeek = note(
  { type: 'booking.edit', field: 'date', value: '2026-11-30' },
  { say: 'choose the same weekday next week in Date' },
);
const longer = note(
  { type: 'booking.edit', field: 'duration', value: '90' },
  { say: 'choose "1 hour 30 mins" in Duration' },
);
const partyOfTwo = note({ type: 'booking.edit', field: 'partysize', value: '2' }, { say: 'type `2` in Party Size' });
const pickFirst = note(
  { type: 'booking.pickSlot', start: slotsOn[0]!.start },
  { say: 'press the first time under Available Slots' },
);
const slotsLoaded = done('loadSlots', slotsOn);
/** Window Table's times loaded, the first one chosen: where each slot reload starts from. */
const withSlotChosen = [chooseWindowTable, slotsLoaded, pickFirst];

export const bookingFormEntry = defineEntry({
  machine: bookingFormMachine,
  title: 'Create New Booking (the dialog of the Bookings Calendar)',
  samples: [
    chooseWindowTable,
    chooseMeetingRoom,
    nextWeek,
    longer,
    note({ type: 'booking.edit', field: 'partysize', value: '0' }, { say: 'type `0` in Party Size' }),
    partyOfTwo,
    note(
      { type: 'booking.edit', field: 'customerEmail', value: ameliaBooking.email },
      { say: `type \`${ameliaBooking.email}\` in Customer Email` },
    ),
    note(
      { type: 'booking.edit', field: 'notes', value: 'Birthday, window seat please' },
      { say: 'type `Birthday, window seat please` in Notes (Optional)' },
    ),
    pickFirst,
    note({ type: 'booking.retrySlots' }, { say: 'press "Try again" under Available Slots' }),
    note(
      { type: 'booking.submit' },
      {
        notByHandIn: (s) =>
          s.context.selected === null ? '"Create Booking" stays disabled until a time is chosen' : undefined,
      },
    ),
    { type: 'booking.cancel' },
    slotsLoaded,
    note(done('loadSlots', []), {
      arrange:
        'In a second tab, in Booking Setup (/bookings/setup) under Closures, close the business on the day in Date (From and To that day); remove that closure after this scenario',
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
  // The booking paths the design names: each slot reload with a time chosen (it is cleared, the times
  // load again), and "Create Booking" disabled until a time is chosen.
  scenarios: [
    { start: openForm, events: [chooseWindowTable, slotsLoaded, pickFirst] },
    ...[chooseMeetingRoom, nextWeek, longer, partyOfTwo].map((change) => ({
      start: openForm,
      events: [...withSlotChosen, change, slotsLoaded],
    })),
  ],
  inputs: [
    {
      label: openForm,
      input: { resources: [windowTable, meetingRoom], today },
      start: {
        url: '/bookings/calendar',
        signedInAs: demoOwner,
        // Today's earlier times go as the day passes: tomorrow offers every time of the opening hours.
        andThen: 'press "Create Booking" and put tomorrow\'s date in Date',
      },
    },
  ],
  plan: {
    shows: (s) =>
      s.matches('closed')
        ? []
        : [
            ...(s.matches({ editing: 'slots' }) && s.context.slots.length === 0
              ? ['No time to press: "No available slots for this selection."']
              : []),
            s.context.selected === null
              ? '"Create Booking" is disabled (no time chosen)'
              : 'The chosen time is pressed and "Create Booking" can be pressed',
            ...Object.values(s.context.fieldErrors as Record<string, string>).map((m) => `Under its field: "${m}"`),
            ...(s.context.error ? [`The dialog's alert: "${s.context.error}"`] : []),
          ],
    test: 'tests/generated/booking-form.generated.test.tsx',
    usesUp:
      'Each booking made takes its time (choose another time next walk); a closure you add: remove it; a fresh seed puts it back',
  },
});

const ameliaFollower: CustomerSuggestion = {
  customerid: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f',
  firstname: ameliaBooking.firstname,
  lastname: ameliaBooking.surname,
  email: ameliaBooking.email,
  kind: 'follower',
};
const pastGuest: CustomerSuggestion = {
  customerid: '6e7f8091-ab2c-4d3e-9f40-5b6c7d8e9fa0',
  firstname: null,
  lastname: null,
  email: 'amelia.walk-in@guests.example',
  kind: 'guest',
};

export const customerSuggestEntry = defineEntry({
  machine: customerSuggestMachine,
  title: "Customer Email's suggestions (Create New Booking)",
  samples: [
    note({ type: 'suggest.type', value: 'a' }, { say: 'type `a` in Customer Email' }),
    note({ type: 'suggest.type', value: 'am' }, { say: 'type `am` in Customer Email' }),
    note({ type: 'suggest.next' }, { action: 'press ArrowDown in Customer Email' }),
    note({ type: 'suggest.previous' }, { action: 'press ArrowUp in Customer Email' }),
    note({ type: 'suggest.pick', index: 0 }, { action: 'click the first suggestion' }),
    note({ type: 'suggest.close' }, { action: 'press Escape in Customer Email' }),
    done('searchCustomers', [ameliaFollower, pastGuest]),
    note(done('searchCustomers', []), {
      arrange: 'Type `zq` instead (no follower or past guest has it in their name or e-mail)',
    }),
    note(fail('searchCustomers', { message: networkFailure, network: true }), {
      arrange: block('*businesses/me/customers*'),
    }),
  ],
  uiKey: (s) => ({ state: s.value, active: s.context.active >= 0 }),
  plan: {
    start: {
      url: '/bookings/calendar',
      signedInAs: demoOwner,
      andThen: 'press "Create Booking"',
      note: "The demo business's followers include Amelia Hughes (seeded).",
    },
    fields: { value: 'Customer Email' },
    shows: (s) =>
      s.hasTag('open')
        ? s.context.suggestions.map(
            (c: CustomerSuggestion) =>
              `A suggestion: ${suggestionName(c)}, ${c.email}, "${c.kind === 'follower' ? 'Follower' : 'Past guest'}"`,
          )
        : [],
    test: 'tests/generated/customer-suggest.generated.test.tsx',
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
      // "Try again" must find the bookings again: the block goes right after the failure.
      arrange:
        'In DevTools → Network → Network request blocking, block the pattern `*me/bookings*` (remove the block after this step)',
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
    // A refused move leaves the calendar as it was, with the server's message beside it.
    shows: (s) =>
      s.context.error && !s.hasTag('error') && !s.hasTag('busy')
        ? [`The message about the refused move reads: "${s.context.error}"`]
        : [],
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
    usesUp: "Resources added, changed or deleted (and the package's resource limit): a fresh seed puts it back",
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
    usesUp: 'Rules added or deleted: a fresh seed puts it back',
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
    // The demo is seeded with no closure: the scenarios that list one need it made first.
    note(done('loadClosures', [christmas]), {
      arrange:
        'If Closures reads "No closures planned.", add one first: Whole business, From 24 December To 26 December, Reason `Christmas`, "Add Closure"',
    }),
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
    usesUp: 'Closures added or removed: a fresh seed puts it back',
  },
});

/** Booking Settings as the demo starts, and after turning reminders off and the owner e-mails off. */
export const defaultSettings = { ...BOOKING_SETTINGS_DEFAULTS };
export const changedSettings = {
  reminderLeadMinutes: null,
  cancellationCutoffMinutes: 1440,
  notifyOwnerOfBookings: false,
};

export const bookingSettingsEntry = defineEntry({
  machine: bookingSettingsMachine,
  title: 'Booking Settings (Booking Setup)',
  samples: [
    note(
      { type: 'settings.edit', field: 'reminder', value: REMINDER_OFF },
      { say: 'choose "No reminder" in Reminder e-mail to the customer' },
    ),
    note(
      { type: 'settings.edit', field: 'cutoff', value: '1440' },
      { say: 'choose "24 hours before" in Customers can cancel in the app until' },
    ),
    note(
      { type: 'settings.toggle', value: false },
      { say: 'untick "E-mail me when a customer books or cancels in the app"' },
    ),
    { type: 'settings.save' },
    note({ type: 'settings.retry' }, { say: 'press "Try again" under Booking Settings' }),
    done('loadSettings', defaultSettings),
    note(fail('loadSettings', { message: networkFailure, network: true }), { arrange: block('*booking-settings*') }),
    done('saveSettings', changedSettings),
    note(fail('saveSettings', { message: networkFailure, network: true }), { arrange: stopServer }),
    note(fail('saveSettings', { message: '' }), { notByHand: noServerWithoutReason }),
  ],
  uiKey: (s) => ({
    state: s.value,
    reminder: s.context.draft.reminder === REMINDER_OFF,
    notifyOwner: s.context.draft.notifyOwner,
    saved: s.context.saved,
    error: !!s.context.error,
  }),
  plan: {
    start: { url: '/bookings/setup', signedInAs: demoOwner },
    shows: (s) => [
      ...(s.context.saved ? ['Beside the button: "Booking settings saved."'] : []),
      ...(s.context.error && !s.hasTag('error') ? [`Under the form: "${s.context.error}"`] : []),
    ],
    test: 'tests/generated/booking-settings.generated.test.tsx',
  },
});
