/**
 * Booking Details (spec §2) with what issue 24 adds: Reschedule (the Create Booking slot picker),
 * Edit notes and party size, Cancel booking (a question with an optional reason), Mark no-show /
 * completed / confirmed. Driven by the booking-details machine; the server's refusals show in an alert.
 */
import { format } from 'date-fns';
import { useId } from 'react';
import { BOOKING_TEXTS, type Resource } from '#contracts/bookings.ts';
import {
  type BookingDetail,
  type bookingDetailsMachine,
  type RescheduleField,
  type SettableStatus,
  BOOKING_DETAILS_TEXTS as T,
} from '#machines/booking-details.machine.ts';
import { BOOKING_FORM_TEXTS, DURATION_OPTIONS } from '#machines/booking-form.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { DialogFooter } from '#src/ui/dialog-footer.tsx';
import { Field } from '#src/ui/field.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { slotLabel } from './booking-form-modal.tsx';
import { liveBookingDetailsLogic } from './bookings.wiring.ts';

const shortTime = (iso: string) => format(new Date(iso), 'p');
const customerName = (b: BookingDetail) => [b.customer.firstname, b.customer.surname].filter(Boolean).join(' ');
const MARKS: SettableStatus[] = ['no_show', 'completed', 'confirmed'];

export interface BookingDetailsModalProps extends FlowHooks<typeof bookingDetailsMachine> {
  bookingid: string;
  resources: Resource[];
  today: string;
  onChanged: (booking: BookingDetail) => void;
  onClose: () => void;
}

export function BookingDetailsModal({
  bookingid,
  resources,
  today,
  onChanged,
  onClose,
  logic = liveBookingDetailsLogic,
  options,
}: BookingDetailsModalProps) {
  const [state, send] = useFlowActor(
    logic.provide({
      actions: {
        reportChanged: (_, { booking }: { booking: BookingDetail }) => onChanged(booking),
        closeDetails: () => onClose(),
      },
    }),
    { input: { bookingid, resources, today }, options },
  );
  const ids = useId();
  const { booking, error, draft, slots, selected } = state.context;
  const busy = state.hasTag('busy');
  const close = { type: 'details.close' } as const;
  const back = { type: 'details.back' } as const;
  const rescheduling = state.matches('rescheduling') || state.matches('moving');
  const editing = state.matches('editing') || state.matches('saving');
  const asking = state.hasTag('confirm');

  const pick = (field: RescheduleField) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'details.pick', field, value: event.target.value }),
    ...enabledFor(state, { type: 'details.pick', field, value: '' }),
  });

  let footer = (
    <Button variant="secondary" onClick={() => send(close)} {...enabledFor(state, close)}>
      {T.close}
    </Button>
  );
  if (rescheduling) {
    footer = (
      <DialogFooter
        busy={busy}
        cancel={{ label: T.back, onClick: () => send(back), control: enabledFor(state, back) }}
        confirm={{
          label: T.saveTime,
          busyLabel: T.saving,
          form: `${ids}-move`,
          control: enabledFor(state, { type: 'details.saveTime' }, busy || selected === null),
        }}
      />
    );
  } else if (editing) {
    footer = (
      <DialogFooter
        busy={busy}
        cancel={{ label: T.back, onClick: () => send(back), control: enabledFor(state, back) }}
        confirm={{
          label: T.save,
          busyLabel: T.saving,
          form: `${ids}-edit`,
          control: enabledFor(state, { type: 'details.save' }, busy),
        }}
      />
    );
  }

  return (
    <>
      <Modal
        title={rescheduling ? T.rescheduleTitle : T.title}
        className="booking-modal"
        onClose={() => send(close)}
        closeControl={enabledFor(state, close)}
        footer={footer}
      >
        {state.hasTag('loading') && !rescheduling && (
          <div className="calendar-loading">
            <Spinner />
            <p role="status">{T.loading}</p>
          </div>
        )}
        {state.hasTag('error') && (
          <LoadError text={error} onRetry={() => send({ type: 'details.retry' })} event="details.retry" />
        )}
        {booking && !rescheduling && (
          <dl className="booking-details">
            <dt>Service / Resource</dt>
            <dd>{booking.resourcename}</dd>
            <dt>Customer</dt>
            <dd>{customerName(booking) || booking.customer.email}</dd>
            <dt>Email</dt>
            <dd>{booking.customer.email}</dd>
            <dt>Time</dt>
            <dd>
              {shortTime(booking.start)} - {shortTime(booking.end)}, {format(new Date(booking.start), 'EEEE d MMMM')}
            </dd>
            <dt>Status</dt>
            <dd>
              <span className={`booking-status is-${booking.status}`}>{T.status[booking.status]}</span>
            </dd>
            {!editing && (
              <>
                <dt>Party Size</dt>
                <dd>{booking.partysize}</dd>
                {booking.notes && (
                  <>
                    <dt>Notes</dt>
                    <dd className="booking-notes">{booking.notes}</dd>
                  </>
                )}
              </>
            )}
            <BookedBy booking={booking} />
          </dl>
        )}
        {booking &&
          (state.matches('viewing') || state.matches('marking') || asking) &&
          booking.status !== 'cancelled' && (
            <div className="booking-actions">
              <div className="booking-actions-row">
                <Button
                  variant="secondary"
                  onClick={() => send({ type: 'details.reschedule' })}
                  {...enabledFor(state, { type: 'details.reschedule' })}
                >
                  {T.reschedule}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => send({ type: 'details.edit' })}
                  {...enabledFor(state, { type: 'details.edit' })}
                >
                  {T.edit}
                </Button>
              </div>
              <fieldset className="booking-actions-row booking-marks">
                <legend className="visually-hidden">Status</legend>
                {MARKS.filter((status) => status !== booking.status).map((status) => (
                  <Button
                    key={status}
                    variant="secondary"
                    onClick={() => send({ type: 'details.mark', status })}
                    {...enabledFor(state, { type: 'details.mark', status })}
                  >
                    {T.mark[status]}
                  </Button>
                ))}
              </fieldset>
              <Button
                variant="danger"
                onClick={() => send({ type: 'details.cancel' })}
                {...enabledFor(state, { type: 'details.cancel' })}
              >
                {T.cancelBooking}
              </Button>
            </div>
          )}
        {editing && (
          <form
            id={`${ids}-edit`}
            className="booking-form"
            noValidate
            aria-label="Edit booking"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'details.save' });
            }}
          >
            <Field
              label="Party Size"
              type="number"
              min={1}
              required
              inputMode="numeric"
              value={state.context.partysize}
              onChange={(event) => send({ type: 'details.change', field: 'partysize', value: event.target.value })}
              {...enabledFor(state, { type: 'details.change', field: 'partysize', value: '' })}
            />
            <Field
              label="Notes"
              multiline
              maxLength={1000}
              rows={3}
              value={state.context.notes}
              onChange={(event) => send({ type: 'details.change', field: 'notes', value: event.target.value })}
              {...enabledFor(state, { type: 'details.change', field: 'notes', value: '' })}
            />
          </form>
        )}
        {rescheduling && (
          <form
            id={`${ids}-move`}
            className="booking-form"
            noValidate
            aria-label="New time"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'details.saveTime' });
            }}
          >
            <div className="field">
              <label className="field-label" htmlFor={`${ids}-resource`}>
                Resource
              </label>
              <select id={`${ids}-resource`} className="input" required {...pick('resourceid')}>
                {resources.map((r) => (
                  <option key={r.resourceid} value={r.resourceid}>
                    {r.resourcename}
                    {r.isactive ? '' : ' (inactive)'}
                  </option>
                ))}
              </select>
            </div>
            <div className="booking-form-row">
              <Field label="Date" type="date" required min={today} {...pick('date')} />
              <div className="field">
                <label className="field-label" htmlFor={`${ids}-duration`}>
                  Duration
                </label>
                <select id={`${ids}-duration`} className="input" required {...pick('duration')}>
                  {DURATION_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <Field label="Party Size" type="number" min={1} required inputMode="numeric" {...pick('partysize')} />
            </div>
            <fieldset className="slots" aria-busy={state.hasTag('loading') || undefined}>
              <legend className="field-label">Available Slots</legend>
              {state.matches({ rescheduling: 'incomplete' }) && (
                <p className="field-hint">{BOOKING_FORM_TEXTS.chooseFirst}</p>
              )}
              {state.hasTag('loading') && (
                <p className="field-hint" role="status">
                  Loading slots...
                </p>
              )}
              {state.hasTag('slotsFailed') && (
                <LoadError
                  text={state.context.slotsError ?? BOOKING_TEXTS.slotsFailed}
                  onRetry={() => send({ type: 'details.retrySlots' })}
                  event="details.retrySlots"
                />
              )}
              {state.matches({ rescheduling: 'slots' }) && slots.length === 0 && (
                <p className="field-hint">{BOOKING_TEXTS.noSlots}</p>
              )}
              {slots.length > 0 && (
                <div className="slot-grid">
                  {slots.map((slot) => (
                    <button
                      key={slot.start}
                      type="button"
                      className={slot.start === selected ? 'slot is-selected' : 'slot'}
                      aria-pressed={slot.start === selected}
                      onClick={() => send({ type: 'details.pickSlot', start: slot.start })}
                      {...enabledFor(state, { type: 'details.pickSlot', start: slot.start })}
                    >
                      {slotLabel(slot.start)}
                    </button>
                  ))}
                </div>
              )}
            </fieldset>
          </form>
        )}
        {!asking && !state.hasTag('error') && <Alert text={error} />}
      </Modal>
      {asking && (
        <ConfirmDialog
          title={T.cancelQuestion}
          busy={busy}
          error={error}
          cancel={{
            label: T.keep,
            onClick: () => send({ type: 'details.keep' }),
            control: enabledFor(state, { type: 'details.keep' }),
          }}
          confirm={{
            label: T.cancelBooking,
            busyLabel: T.cancelling,
            onClick: () => send({ type: 'details.confirmCancel' }),
            control: enabledFor(state, { type: 'details.confirmCancel' }),
          }}
        >
          <p>{T.cancelExplained}</p>
          <Field
            label={T.reasonLabel}
            multiline
            rows={2}
            maxLength={500}
            value={state.context.reason}
            onChange={(event) => send({ type: 'details.reason', value: event.target.value })}
            {...enabledFor(state, { type: 'details.reason', value: '' })}
          />
        </ConfirmDialog>
      )}
    </>
  );
}

/** Who did it (decision 026): "Booked by Sam", "Changed by Maya", "Cancelled by Sam", when known. */
export const bookedByLines = (b: Pick<BookingDetail, 'createdby' | 'changedby' | 'cancelledby'>) =>
  [
    b.createdby && `Booked by ${b.createdby}`,
    b.changedby && `Changed by ${b.changedby}`,
    b.cancelledby && `Cancelled by ${b.cancelledby}`,
  ].filter((line): line is string => !!line);

function BookedBy({ booking }: { booking: BookingDetail }) {
  const lines = bookedByLines(booking);
  if (lines.length === 0) return null;
  return (
    <>
      <dt>Team</dt>
      <dd>
        <ul className="booking-by">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </dd>
    </>
  );
}
