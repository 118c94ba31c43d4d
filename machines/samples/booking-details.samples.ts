/**
 * Samples for Booking Details on the Bookings Calendar (issue 24): the seeded demo business's
 * "Window Table" booking of Amelia Hughes, moved, edited, cancelled and marked.
 */
import { BOOKING_TEXTS, type Slot } from '#contracts/bookings.ts';
import { type BookingDetail, bookingDetailsMachine } from '../booking-details.machine.ts';
import { defineEntry, done, fail, note } from '../lib/entry.ts';
import { meetingRoom, windowTable } from './bookings.samples.ts';
import { demoOwner } from './demo.samples.ts';

const networkFailure = 'An unknown network error occurred.';
const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';

export const ameliaDetail: BookingDetail = {
  bookingid: '0b5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f70',
  resourceid: windowTable.resourceid,
  resourcename: windowTable.resourcename,
  start: '2026-11-24T09:00:00.000Z',
  end: '2026-11-24T10:00:00.000Z',
  partysize: 2,
  notes: 'Birthday, window seat please',
  status: 'confirmed',
  cancelledat: null,
  cancelreason: null,
  source: 'owner',
  customer: {
    customerid: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
    firstname: 'Amelia',
    surname: 'Hughes',
    email: 'amelia.hughes.0@customers.example',
  },
  createdby: 'Maya',
  changedby: null,
  cancelledby: null,
};
const laterSlots: Slot[] = [
  { start: '2026-11-25T11:00:00.000Z', end: '2026-11-25T12:00:00.000Z' },
  { start: '2026-11-25T11:30:00.000Z', end: '2026-11-25T12:30:00.000Z' },
];
const moved: BookingDetail = {
  ...ameliaDetail,
  start: laterSlots[0]!.start,
  end: laterSlots[0]!.end,
  changedby: 'Maya',
};

export const bookingDetailsEntry = defineEntry({
  machine: bookingDetailsMachine,
  title: 'Booking Details: reschedule, edit, cancel, mark (the Bookings Calendar)',
  samples: [
    note({ type: 'details.retry' }, { say: 'press "Try again"' }),
    note({ type: 'details.close' }, { say: 'press "Close"' }),
    { type: 'details.reschedule' },
    note({ type: 'details.pick', field: 'date', value: '2026-11-25' }, { say: 'choose the day after in Date' }),
    note({ type: 'details.pick', field: 'partysize', value: '0' }, { say: 'type `0` in Party Size' }),
    note(
      { type: 'details.pick', field: 'resourceid', value: meetingRoom.resourceid },
      { say: 'choose "Meeting Room" in Resource' },
    ),
    note(
      { type: 'details.pickSlot', start: laterSlots[0]!.start },
      { say: 'press the first time under Available Slots' },
    ),
    note({ type: 'details.retrySlots' }, { say: 'press "Try again" under Available Slots' }),
    note(
      { type: 'details.saveTime' },
      {
        notByHandIn: (s) =>
          s.context.selected === null ? '"Save new time" stays disabled until a time is chosen' : undefined,
      },
    ),
    note({ type: 'details.back' }, { say: 'press "Back"' }),
    { type: 'details.edit' },
    note(
      { type: 'details.change', field: 'notes', value: 'Window seat, cake at 10' },
      {
        say: 'type `Window seat, cake at 10` in Notes',
      },
    ),
    note({ type: 'details.change', field: 'partysize', value: '0' }, { say: 'type `0` in Party Size' }),
    { type: 'details.save' },
    { type: 'details.cancel' },
    note({ type: 'details.reason', value: 'Customer phoned, ill' }, { say: 'type `Customer phoned, ill` in Reason' }),
    { type: 'details.confirmCancel' },
    note({ type: 'details.keep' }, { say: 'press "Keep booking"' }),
    note({ type: 'details.mark', status: 'no_show' }, { say: 'press "Mark no-show"' }),
    note({ type: 'details.mark', status: 'completed' }, { say: 'press "Mark completed"' }),
    note({ type: 'details.mark', status: 'confirmed' }, { say: 'press "Mark confirmed"' }),
    done('loadBooking', ameliaDetail),
    note(done('loadBooking', { ...ameliaDetail, status: 'cancelled', cancelledat: '2026-11-23T08:00:00.000Z' }), {
      arrange: 'Open a booking you cancelled (tick "Show cancelled" first)',
    }),
    note(fail('loadBooking', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('loadSlots', laterSlots),
    note(done('loadSlots', []), { arrange: 'Choose a day the resource is closed' }),
    note(fail('loadSlots', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('moveBooking', moved),
    note(fail('moveBooking', { message: BOOKING_TEXTS.slotTaken, status: 409 }), {
      arrange: 'In a second tab, fill that time (a booking for the whole capacity) before saving here',
    }),
    note(fail('moveBooking', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('saveBooking', { ...ameliaDetail, notes: 'Window seat, cake at 10' }),
    note(fail('saveBooking', { message: 'Not enough room for a party of 9.', status: 409 }), {
      arrange: 'Type a party size above the resource capacity',
    }),
    done('cancelBooking', {
      ...ameliaDetail,
      status: 'cancelled',
      cancelledat: '2026-11-23T08:00:00.000Z',
      cancelreason: 'Customer phoned, ill',
      cancelledby: 'Maya',
    }),
    note(fail('cancelBooking', { message: 'This booking is already cancelled.', status: 409 }), {
      arrange: 'Cancel the same booking in a second tab first',
    }),
    done('setStatus', { ...ameliaDetail, status: 'no_show' }),
    note(fail('setStatus', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({
    state: s.value,
    status: s.context.booking?.status ?? null,
    slots: s.context.slots.length > 0,
    selected: s.context.selected !== null,
    error: !!s.context.error,
  }),
  inputs: [
    {
      label: "Press Amelia Hughes's booking on the Bookings Calendar",
      input: { bookingid: ameliaDetail.bookingid, resources: [windowTable, meetingRoom], today: '2026-11-23' },
      start: { url: '/bookings/calendar', signedInAs: demoOwner, andThen: 'press a booking on the calendar' },
    },
  ],
  plan: {
    shows: (s) => (s.context.error ? [`The dialog's alert: "${s.context.error}"`] : []),
    test: 'tests/generated/booking-details.generated.test.tsx',
  },
});
