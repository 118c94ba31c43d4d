/** "Create New Booking" (spec §2 "Create Booking form"), driven by the booking-form machine. */
import { format } from 'date-fns';
import { useId } from 'react';
import { BOOKING_TEXTS, type Booking, type CreatedBooking, type Resource } from '#contracts/bookings.ts';
import {
  BOOKING_FORM_TEXTS,
  type BookingField,
  type bookingFormMachine,
  DURATION_OPTIONS,
} from '#machines/booking-form.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { DialogFooter } from '#src/ui/dialog-footer.tsx';
import { Field } from '#src/ui/field.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { liveBookingFormLogic } from './bookings.wiring.ts';
import { CustomerEmailField, type CustomerEmailFieldProps } from './customer-email-field.tsx';

/** A slot's start in the 12-hour format of spec §2 ("9:30 AM"). */
export const slotLabel = (start: string) => format(new Date(start), 'h:mm a');

export interface BookingFormModalProps extends FlowHooks<typeof bookingFormMachine> {
  resources: Resource[];
  today: string;
  /** The calendar's filter, used as the default resource. */
  resourceid?: string;
  /** The booking made; `mailHeld` when its e-mail to the customer was held (the toast says why). */
  onCreated: (booking: CreatedBooking) => void;
  onClose: () => void;
  /** Tests' fakes for Customer Email's suggestions. */
  suggest?: Pick<CustomerEmailFieldProps, 'logic' | 'options'>;
}

export function BookingFormModal({
  resources,
  today,
  resourceid,
  onCreated,
  onClose,
  suggest,
  logic = liveBookingFormLogic,
  options,
}: BookingFormModalProps) {
  const [state, send] = useFlowActor(
    logic.provide({
      actions: {
        reportCreated: (_, { booking }: { booking: Booking }) => onCreated(booking),
        closeForm: () => onClose(),
      },
    }),
    { input: { resources, today, resourceid: resourceid || undefined }, options },
  );
  const { draft, fieldErrors, slots, selected, error } = state.context;
  const submitting = state.hasTag('busy');
  const ids = useId();
  const edit = (field: BookingField) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'booking.edit', field, value: event.target.value }),
    ...enabledFor(state, { type: 'booking.edit', field, value: '' }),
  });
  const cancel = { type: 'booking.cancel' } as const;
  const errorOf = (field: BookingField) => fieldErrors[field];

  return (
    <Modal
      title="Create New Booking"
      className="booking-modal"
      onClose={() => send(cancel)}
      closeControl={enabledFor(state, cancel)}
      footer={
        <DialogFooter
          busy={submitting}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: 'Create Booking',
            busyLabel: 'Booking...',
            form: `${ids}-form`,
            // Spec §2: disabled while submitting or with no slot chosen.
            control: enabledFor(state, { type: 'booking.submit' }, submitting || selected === null),
          }}
        />
      }
    >
      <form
        id={`${ids}-form`}
        className="booking-form"
        noValidate
        aria-label="New booking"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'booking.submit' });
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-resource`}>
            Resource
          </label>
          <select
            id={`${ids}-resource`}
            className="input"
            required
            aria-invalid={errorOf('resourceid') ? true : undefined}
            aria-describedby={errorOf('resourceid') ? `${ids}-resource-error` : undefined}
            {...edit('resourceid')}
          >
            <option value="">Choose a resource</option>
            {resources.map((r) => (
              <option key={r.resourceid} value={r.resourceid}>
                {r.resourcename}
                {r.isactive ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
          {errorOf('resourceid') && (
            <p id={`${ids}-resource-error`} className="field-error">
              {errorOf('resourceid')}
            </p>
          )}
        </div>
        <CustomerEmailField
          value={draft.customerEmail}
          error={errorOf('customerEmail')}
          disabled={edit('customerEmail').disabled}
          onChange={(value) => send({ type: 'booking.edit', field: 'customerEmail', value })}
          {...suggest}
        />
        <div className="booking-form-row">
          <Field label="Date" type="date" required min={today} error={errorOf('date')} {...edit('date')} />
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-duration`}>
              Duration
            </label>
            <select id={`${ids}-duration`} className="input" required {...edit('duration')}>
              {DURATION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Party Size"
            type="number"
            min={1}
            required
            inputMode="numeric"
            error={errorOf('partysize')}
            {...edit('partysize')}
          />
        </div>
        <fieldset className="slots" aria-busy={state.hasTag('loading') || undefined}>
          <legend className="field-label">Available Slots</legend>
          {state.matches({ editing: 'incomplete' }) && <p className="field-hint">{BOOKING_FORM_TEXTS.chooseFirst}</p>}
          {state.hasTag('loading') && (
            <p className="field-hint" role="status">
              Loading slots...
            </p>
          )}
          {state.hasTag('slotsFailed') && (
            <LoadError
              text={state.context.slotsError ?? BOOKING_TEXTS.slotsFailed}
              onRetry={() => send({ type: 'booking.retrySlots' })}
              event="booking.retrySlots"
            />
          )}
          {state.hasTag('ready') && slots.length === 0 && <p className="field-hint">{BOOKING_TEXTS.noSlots}</p>}
          {slots.length > 0 && (
            <div className="slot-grid">
              {slots.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  className={slot.start === selected ? 'slot is-selected' : 'slot'}
                  aria-pressed={slot.start === selected}
                  onClick={() => send({ type: 'booking.pickSlot', start: slot.start })}
                  {...enabledFor(state, { type: 'booking.pickSlot', start: slot.start })}
                >
                  {slotLabel(slot.start)}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <Field label="Notes (Optional)" multiline maxLength={1000} rows={3} {...edit('notes')} />
        <Alert text={error} />
      </form>
    </Modal>
  );
}
