/**
 * Every transition of the Create Booking form, played through the real dialog with fake slots and
 * bookings: reload on change, the superseded request, the 409 that reloads the slots. Texts are the
 * spec's (tests/spec/spec-texts.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type BookingField, type BookingFormContext, slotsRequest } from '#machines/booking-form.machine.ts';
import { bookingFormEntry } from '#machines/samples/bookings.samples.ts';
import { BookingFormModal } from '#src/features/bookings/booking-form-modal.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const LABELS: Record<BookingField, string> = {
  resourceid: 'Resource',
  customerEmail: 'Customer Email',
  date: 'Date',
  duration: 'Duration',
  partysize: 'Party Size',
  notes: 'Notes (Optional)',
};
const live = (flow: Flow) => flow.live().context as BookingFormContext;
const dialog = () => within(screen.getByRole('dialog', { name: specTexts.createNewBooking }));
const submitButton = () => dialog().getByRole('button', { name: /^(Create Booking|Booking\.\.\.)$/ });
const slotButtons = () => [
  ...screen
    .getByRole('dialog', { name: specTexts.createNewBooking })
    .querySelectorAll<HTMLButtonElement>('button.slot'),
];

function expectForm(flow: Flow) {
  const ctx = live(flow);
  const d = dialog();
  for (const [field, label] of Object.entries(LABELS) as Array<[BookingField, string]>) {
    expect(d.getByLabelText<HTMLInputElement>(label).value).toBe(ctx.draft[field]);
  }
  for (const message of Object.values(ctx.fieldErrors)) expect(d.getByText(message!)).toBeTruthy();
  if (ctx.error) expect(d.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.error);
  // One slot button per slot, in 12-hour format, the chosen one pressed.
  const slots = slotButtons();
  expect(slots).toHaveLength(ctx.slots.length);
  for (const button of slots) expect(button.textContent).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
  expect(slots.filter((b) => b.getAttribute('aria-pressed') === 'true')).toHaveLength(ctx.selected ? 1 : 0);
  expect(submitButton().matches(':disabled')).toBe(ctx.selected === null || flow.live().matches('submitting'));
}

const type = (label: string, value: string) => {
  const field = dialog().getByLabelText<HTMLInputElement>(label);
  if (field.value === value) {
    (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(`${value}~`);
  }
  fireEvent.change(field, { target: { value } });
};

describeFlow(bookingFormEntry, {
  render: (hooks, flow) => {
    const input = flow.path.input as { resources: []; today: string };
    return (
      <BookingFormModal
        resources={input.resources}
        today={input.today}
        onCreated={flow.spy('onCreated')}
        onClose={flow.spy('onClose')}
        {...hooks}
      />
    );
  },
  perform: {
    'booking.edit': (e: { field: BookingField; value: string }) => type(LABELS[e.field], e.value),
    'booking.pickSlot': (e: { start: string }, flow) => {
      const index = live(flow).slots.findIndex((s) => s.start === e.start);
      fireEvent.click(slotButtons()[index]!);
    },
    'booking.retrySlots': () => fireEvent.click(dialog().getByRole('button', { name: 'Try again' })),
    'booking.submit': () => fireEvent.click(submitButton()),
    'booking.cancel': () => fireEvent.click(dialog().getByRole('button', { name: 'Cancel' })),
  },
  expectUi: {
    'editing.incomplete': (_s, flow) => {
      expectForm(flow);
      expect(dialog().getByText(/Choose a resource, date, duration and party size/)).toBeTruthy();
    },
    'editing.loadingSlots': (_s, flow) => {
      expectForm(flow);
      expect(dialog().getByRole('status').textContent).toBe(specTexts.loadingSlots);
      // The request carries what the form shows now (a changed field replaced the earlier request).
      expect(flow.fakes.loadSlots?.inputs.at(-1)).toEqual(slotsRequest(live(flow)));
      expect(flow.fakes.loadSlots?.pending).toBe(1);
    },
    'editing.slotsFailed': (_s, flow) => {
      expectForm(flow);
      expect(
        dialog()
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toContain(`${specTexts.slotsFailed}Try again`);
      expect(live(flow).slots).toEqual([]);
    },
    'editing.slots': (_s, flow) => {
      expectForm(flow);
      if (live(flow).slots.length === 0) expect(dialog().getByText(specTexts.noSlots)).toBeTruthy();
      else expect(dialog().queryByText(specTexts.noSlots)).toBeNull();
      if (live(flow).error === specTexts.pickSlot) expect(dialog().getByText(specTexts.pickSlot)).toBeTruthy();
    },
    submitting: (_s, flow) => {
      expectForm(flow);
      expect(submitButton().textContent).toBe(specTexts.booking);
      const ctx = live(flow);
      const slot = ctx.slots.find((s) => s.start === ctx.selected)!;
      expect(flow.fakes.createBooking?.inputs.at(-1)).toEqual({
        resourceid: ctx.draft.resourceid,
        customerEmail: ctx.draft.customerEmail.trim(),
        bookingstarttime: slot.start,
        bookingendtime: slot.end,
        partysize: Number(ctx.draft.partysize),
        notes: ctx.draft.notes.trim(),
      });
    },
    closed: (_s, flow) => {
      expect(flow.spy('onClose')).toHaveBeenCalledTimes(1);
      const created = flow.path.steps.at(-1)?.event.type === 'xstate.done.actor.createBooking';
      expect(flow.spy('onCreated')).toHaveBeenCalledTimes(created ? 1 : 0);
    },
  },
});
