/** Booking Setup (/bookings/setup, spec §2): resources, their weekly schedules, and closures. */
import { format } from 'date-fns';
import { useMemo } from 'react';
import { BOOKING_TEXTS, type Resource } from '#contracts/bookings.ts';
import type { bookingClosuresMachine } from '#machines/booking-closures.machine.ts';
import type { bookingScheduleMachine } from '#machines/booking-schedule.machine.ts';
import type { bookingSettingsMachine } from '#machines/booking-settings.machine.ts';
import type { bookingSetupMachine, ResourceField } from '#machines/booking-setup.machine.ts';
import type { PageProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { DialogFooter } from '#src/ui/dialog-footer.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { Field } from '#src/ui/field.tsx';
import { CalendarIcon } from '#src/ui/icons.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Page } from '#src/ui/page.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { useToast } from '#src/ui/toast.tsx';
import { liveSetupLogic } from './bookings.wiring.ts';
import { ClosuresSection } from './closures-section.tsx';
import { ScheduleModal } from './schedule-modal.tsx';
import { SettingsSection } from './settings-section.tsx';
import './bookings.css';

type SetupState = ReturnType<typeof useFlowActor<typeof bookingSetupMachine>>[0];
type Send = ReturnType<typeof useFlowActor<typeof bookingSetupMachine>>[1];

function ResourceRow({ resource, state, send }: { resource: Resource; state: SetupState; send: Send }) {
  const { resourceid } = resource;
  return (
    <li className="resource-row">
      <div className="resource-text">
        <span className="resource-name">{resource.resourcename}</span>
        <span className="resource-meta">
          Capacity: {resource.capacity}
          <span className={resource.isactive ? 'status-badge is-active' : 'status-badge'}>
            {resource.isactive ? 'Active' : 'Inactive'}
          </span>
        </span>
        {resource.description && <span className="resource-description">{resource.description}</span>}
      </div>
      <div className="resource-actions">
        <Button
          variant="secondary"
          aria-label={`Schedule for ${resource.resourcename}`}
          onClick={() => send({ type: 'setup.schedule', resourceid })}
          {...enabledFor(state, { type: 'setup.schedule', resourceid })}
        >
          Schedule
        </Button>
        <Button
          variant="secondary"
          aria-label={`Edit ${resource.resourcename}`}
          onClick={() => send({ type: 'setup.edit', resourceid })}
          {...enabledFor(state, { type: 'setup.edit', resourceid })}
        >
          Edit
        </Button>
        <Button
          variant="danger"
          aria-label={`Delete ${resource.resourcename}`}
          onClick={() => send({ type: 'setup.delete', resourceid })}
          {...enabledFor(state, { type: 'setup.delete', resourceid })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

function ResourceModal({ state, send }: { state: SetupState; send: Send }) {
  const { draft, fieldErrors, error, target } = state.context;
  const field = (name: ResourceField) => ({
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'setup.change', field: name, value: event.target.value }),
    ...enabledFor(state, { type: 'setup.change', field: name, value: '' }),
  });
  const cancel = { type: 'setup.cancel' } as const;
  return (
    <Modal
      title={target ? 'Edit Resource' : 'Create New Resource'}
      onClose={() => send(cancel)}
      closeControl={enabledFor(state, cancel)}
      footer={
        <DialogFooter
          busy={state.hasTag('busy')}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: 'Save',
            busyLabel: 'Saving...',
            form: 'resource-form',
            control: enabledFor(state, { type: 'setup.save' }),
          }}
        />
      }
    >
      <Alert text={error} />
      <form
        id="resource-form"
        className="resource-form"
        noValidate
        aria-label="Resource"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'setup.save' });
        }}
      >
        <Field label="Name" required maxLength={100} value={draft.resourcename} {...field('resourcename')} />
        <Field label="Description" multiline maxLength={1000} value={draft.description} {...field('description')} />
        <Field
          label="Capacity"
          type="number"
          min={1}
          required
          inputMode="numeric"
          hint="How many people it takes at once"
          value={draft.capacity}
          {...field('capacity')}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.isactive}
            onChange={(event) => send({ type: 'setup.change', field: 'isactive', value: event.target.checked })}
            {...enabledFor(state, { type: 'setup.change', field: 'isactive', value: true })}
          />
          Active (takes bookings)
        </label>
      </form>
    </Modal>
  );
}

function DeleteModal({ state, send, resource }: { state: SetupState; send: Send; resource: Resource }) {
  const { error, futureBookings } = state.context;
  const cancel = { type: 'setup.cancel' } as const;
  return (
    <ConfirmDialog
      title="Confirm Deletion"
      busy={state.hasTag('busy')}
      error={error}
      cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
      confirm={{
        label: futureBookings > 0 ? 'Cancel Bookings and Delete' : 'Confirm Delete',
        busyLabel: 'Deleting...',
        onClick: () => send({ type: 'setup.confirmDelete' }),
        control: enabledFor(state, { type: 'setup.confirmDelete' }),
      }}
    >
      <p>
        Delete <strong>{resource.resourcename}</strong>? Its weekly schedule is deleted too. This action cannot be
        undone.
      </p>
    </ConfirmDialog>
  );
}

export interface SetupViewProps {
  businessid: string | null;
  today?: string;
  logic?: typeof bookingSetupMachine;
  options?: FlowHooks<typeof bookingSetupMachine>['options'];
  scheduleHooks?: FlowHooks<typeof bookingScheduleMachine>;
  closuresHooks?: FlowHooks<typeof bookingClosuresMachine>;
  settingsHooks?: FlowHooks<typeof bookingSettingsMachine>;
}

export function SetupView({
  businessid,
  today,
  logic,
  options,
  scheduleHooks,
  closuresHooks,
  settingsHooks,
}: SetupViewProps) {
  const live = useMemo(() => logic ?? liveSetupLogic(businessid), [logic, businessid]);
  const notify = useToast();
  const [state, send] = useFlowActor(
    live.provide({ actions: { reportDeleted: (_, { message }: { message: string }) => notify(message) } }),
    { options },
  );
  const { resources, error, target } = state.context;
  const targetResource = resources.find((r) => r.resourceid === target);
  const failed = state.hasTag('error');
  // A dialog's failure shows in the dialog; the rest over the list.
  const formOpen = state.matches({ ready: 'editing' }) || state.matches({ ready: 'saving' });
  const day = today ?? format(new Date(), 'yyyy-MM-dd');

  return (
    <Page
      title="Booking Setup"
      subtitle="The things customers book, when each one is open, and the days you are closed."
      actions={
        <Button onClick={() => send({ type: 'setup.new' })} {...enabledFor(state, { type: 'setup.new' })}>
          {state.hasTag('checking') ? 'Checking...' : 'Add Resource'}
        </Button>
      }
    >
      {!failed && !formOpen && !state.hasTag('confirm') && <Alert text={error} />}
      <section
        className="card resources"
        aria-labelledby="resources-title"
        aria-busy={state.hasTag('loading') || undefined}
      >
        <h2 id="resources-title">Resources</h2>
        {state.hasTag('loading') && <Spinner label="Loading resources..." />}
        {failed && <LoadError text={error} onRetry={() => send({ type: 'setup.retry' })} event="setup.retry" />}
        {state.hasTag('ready') && resources.length === 0 && (
          <EmptyState icon={<CalendarIcon />} title={BOOKING_TEXTS.noResources}>
            A resource is anything a customer books: a table, a chair, a room, a class.
          </EmptyState>
        )}
        {state.hasTag('ready') && resources.length > 0 && (
          <ul className="resource-list">
            {resources.map((resource) => (
              <ResourceRow key={resource.resourceid} resource={resource} state={state} send={send} />
            ))}
          </ul>
        )}
      </section>
      {state.hasTag('ready') && <ClosuresSection today={day} resources={resources} {...closuresHooks} />}
      {state.hasTag('ready') && <SettingsSection {...settingsHooks} />}
      {formOpen && <ResourceModal state={state} send={send} />}
      {state.hasTag('confirm') && targetResource && <DeleteModal state={state} send={send} resource={targetResource} />}
      {state.matches({ ready: 'schedule' }) && targetResource && (
        <ScheduleModal
          resource={targetResource}
          onClose={() => send({ type: 'setup.closeSchedule' })}
          {...scheduleHooks}
        />
      )}
    </Page>
  );
}

export default function BookingSetupPage({ business }: PageProps) {
  return <SetupView businessid={business?.businessid ?? null} />;
}
