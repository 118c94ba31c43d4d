/**
 * Every transition of Booking Details (issue 24), played through the real dialog with the booking,
 * slots and changes faked: the picker that clears the chosen time and reloads on a change, the
 * server's refusals in an alert, the cancel question with its reason, the status buttons.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type BookingDetailsContext,
  type RescheduleField,
  BOOKING_DETAILS_TEXTS as T,
} from '#machines/booking-details.machine.ts';
import { bookingDetailsEntry } from '#machines/samples/booking-details.samples.ts';
import { BookingDetailsModal } from '#src/features/bookings/booking-details-modal.tsx';
import { slotLabel } from '#src/features/bookings/booking-form-modal.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as BookingDetailsContext;
const dialog = () => within(screen.getByRole('dialog'));
const question = () => within(screen.getByRole('alertdialog'));
const LABELS: Record<RescheduleField, string> = {
  resourceid: 'Resource',
  date: 'Date',
  duration: 'Duration',
  partysize: 'Party Size',
};
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};
const type = (field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) => {
  if (field.value === value) {
    (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(`${value}~`);
  }
  fireEvent.change(field, { target: { value } });
};
const slotButtons = () => [...screen.getByRole('dialog').querySelectorAll<HTMLButtonElement>('button.slot')];
const changes = (flow: Flow) => flow.spy('onChanged').mock.calls.length;
const changesSoFar = (s: unknown, flow: Flow) => {
  const at = flow.path.steps.findIndex((step) => step.state === s);
  return flow.path.steps
    .slice(0, at + 1)
    .filter((step) => /^xstate\.done\.actor\.(moveBooking|saveBooking|cancelBooking|setStatus)$/.test(step.event.type))
    .length;
};

function expectDetails(flow: Flow) {
  const ctx = live(flow);
  const b = ctx.booking!;
  const d = dialog();
  expect(screen.getByRole('dialog', { name: T.title })).toBeTruthy();
  expect(d.getByText(b.resourcename)).toBeTruthy();
  expect(d.getByText(`${b.customer.firstname} ${b.customer.surname}`)).toBeTruthy();
  expect(d.getByText(/^\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM)/)).toBeTruthy();
  expect(d.getByText(T.status[b.status])).toBeTruthy();
  // Who did it (decision 026), when the server knows.
  if (b.createdby) expect(d.getByText(`Booked by ${b.createdby}`)).toBeTruthy();
  expect(d.queryByText(/^Changed by /) !== null).toBe(!!b.changedby);
  expect(d.queryByText(/^Cancelled by /) !== null).toBe(!!b.cancelledby);
  const open = b.status !== 'cancelled';
  expect(d.queryByRole('button', { name: T.reschedule }) !== null).toBe(open);
  expect(d.queryByRole('button', { name: T.cancelBooking }) !== null).toBe(open);
  // The status it has is not offered again.
  if (open) expect(d.queryByRole('button', { name: T.mark[b.status as 'confirmed'] })).toBeNull();
}

function expectPicker(flow: Flow) {
  const ctx = live(flow);
  const d = dialog();
  expect(screen.getByRole('dialog', { name: T.rescheduleTitle })).toBeTruthy();
  for (const [field, label] of Object.entries(LABELS) as Array<[RescheduleField, string]>) {
    expect(d.getByLabelText<HTMLInputElement>(label).value).toBe(ctx.draft[field]);
  }
  const slots = slotButtons();
  expect(slots).toHaveLength(ctx.slots.length);
  for (const button of slots) expect(button.textContent).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
  expect(slots.filter((b) => b.getAttribute('aria-pressed') === 'true')).toHaveLength(ctx.selected ? 1 : 0);
  if (ctx.error) expect(d.getByRole('alert').textContent).toBe(ctx.error);
}

describeFlow(bookingDetailsEntry, {
  render: (hooks, flow) => {
    const input = flow.path.input as { bookingid: string; resources: []; today: string };
    return (
      <BookingDetailsModal
        bookingid={input.bookingid}
        resources={input.resources}
        today={input.today}
        onChanged={flow.spy('onChanged')}
        onClose={flow.spy('onClose')}
        {...hooks}
      />
    );
  },
  perform: {
    'details.retry': () => press(dialog().getByRole('button', { name: 'Try again' })),
    'details.close': () => press(dialog().getAllByRole('button', { name: /Close/ }).at(-1)!),
    'details.reschedule': () => press(dialog().getByRole('button', { name: T.reschedule })),
    'details.edit': () => press(dialog().getByRole('button', { name: T.edit })),
    'details.back': () => press(dialog().getByRole('button', { name: T.back })),
    'details.pick': (e: { field: RescheduleField; value: string }) =>
      type(dialog().getByLabelText(LABELS[e.field]), e.value),
    'details.pickSlot': (e: { start: string }) => press(dialog().getByRole('button', { name: slotLabel(e.start) })),
    'details.retrySlots': () => press(dialog().getByRole('button', { name: 'Try again' })),
    'details.saveTime': () => press(dialog().getByRole('button', { name: T.saveTime })),
    'details.change': (e: { field: 'notes' | 'partysize'; value: string }) =>
      type(dialog().getByLabelText(e.field === 'notes' ? 'Notes' : 'Party Size'), e.value),
    'details.save': () => press(dialog().getByRole('button', { name: T.save })),
    'details.cancel': () => press(dialog().getByRole('button', { name: T.cancelBooking })),
    'details.reason': (e: { value: string }) => type(question().getByLabelText(T.reasonLabel), e.value),
    'details.confirmCancel': () => press(question().getByRole('button', { name: T.cancelBooking })),
    'details.keep': () => press(question().getByRole('button', { name: T.keep })),
    'details.mark': (e: { status: 'confirmed' | 'no_show' | 'completed' }) =>
      press(dialog().getByRole('button', { name: T.mark[e.status] })),
  },
  expectUi: {
    loading: () => {
      expect(dialog().getByText(T.loading)).toBeTruthy();
      expect(screen.queryByRole('button', { name: T.reschedule })).toBeNull();
    },
    failed: (_s, flow) => {
      expect(dialog().getByRole('alert').textContent).toContain(live(flow).error);
      expect(dialog().getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    viewing: (s, flow) => {
      expectDetails(flow);
      const ctx = live(flow);
      if (ctx.error) expect(dialog().getByRole('alert').textContent).toBe(ctx.error);
      else expect(dialog().queryByRole('alert')).toBeNull();
      expect(changes(flow)).toBe(changesSoFar(s, flow));
    },
    marking: () => {
      for (const button of dialog().getAllByRole('button', { name: /^Mark / }))
        expect(button).toHaveProperty('disabled', true);
    },
    'rescheduling.incomplete': (_s, flow) => {
      expectPicker(flow);
      expect(dialog().getByRole('button', { name: T.saveTime })).toHaveProperty('disabled', true);
    },
    'rescheduling.loadingSlots': (_s, flow) => {
      expectPicker(flow);
      expect(dialog().getByText('Loading slots...')).toBeTruthy();
      // The chosen time is cleared whenever the slots load again.
      expect(live(flow).selected).toBeNull();
    },
    'rescheduling.slotsFailed': (_s, flow) => {
      expectPicker(flow);
      expect(dialog().getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'rescheduling.slots': (_s, flow) => {
      expectPicker(flow);
      if (live(flow).slots.length === 0) expect(dialog().getByText(/No available slots/)).toBeTruthy();
    },
    moving: () => {
      expect(dialog().getByRole('button', { name: T.saving })).toHaveProperty('disabled', true);
    },
    editing: (_s, flow) => {
      const ctx = live(flow);
      expect(dialog().getByLabelText<HTMLTextAreaElement>('Notes').value).toBe(ctx.notes);
      expect(dialog().getByLabelText<HTMLInputElement>('Party Size').value).toBe(ctx.partysize);
      if (ctx.error) expect(dialog().getByRole('alert').textContent).toBe(ctx.error);
    },
    saving: () => {
      expect(dialog().getByRole('button', { name: T.saving })).toHaveProperty('disabled', true);
    },
    confirmCancel: (_s, flow) => {
      const ctx = live(flow);
      expect(question().getByText(T.cancelExplained)).toBeTruthy();
      expect(question().getByLabelText<HTMLTextAreaElement>(T.reasonLabel).value).toBe(ctx.reason);
      if (ctx.error) expect(question().getByRole('alert').textContent).toBe(ctx.error);
    },
    cancelling: (_s, flow) => {
      expect(question().getByRole('button', { name: T.cancelling })).toBeTruthy();
      const input = flow.fakes.cancelBooking!.inputs.at(-1) as { reason?: string };
      expect(input.reason ?? '').toBe(live(flow).reason.trim());
    },
    closed: (_s, flow) => {
      expect(flow.spy('onClose')).toHaveBeenCalledTimes(1);
    },
  },
});
