/** "Manage Schedule for {name}" (spec §2): the weekly rules with delete icons and the add form. */
import { useId } from 'react';
import { type AvailabilityRule, BOOKING_TEXTS, DAY_NAMES, type Resource } from '#contracts/bookings.ts';
import { type bookingScheduleMachine, type RuleDraft, SCHEDULE_TEXTS } from '#machines/booking-schedule.machine.ts';
import type { weeklyHoursMachine } from '#machines/weekly-hours.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { CloseIcon } from '#src/ui/icons.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveScheduleLogic } from './bookings.wiring.ts';
import { WeeklyHoursGrid } from './weekly-hours-grid.tsx';

/** "09:00:00" → "09:00" (spec: "Day: HH:MM - HH:MM"). */
export const hhmm = (time: string) => time.slice(0, 5);
const ruleText = (rule: AvailabilityRule) =>
  `${DAY_NAMES[rule.dayofweek]}: ${hhmm(rule.starttime)} - ${hhmm(rule.endtime)}`;

export interface ScheduleModalProps extends FlowHooks<typeof bookingScheduleMachine> {
  resource: Resource;
  onClose: () => void;
  /** Test hooks of the "Weekly hours" grid. */
  hoursHooks?: FlowHooks<typeof weeklyHoursMachine>;
}

export function ScheduleModal({
  resource,
  onClose,
  logic = liveScheduleLogic,
  options,
  hoursHooks,
}: ScheduleModalProps) {
  const [state, send] = useFlowActor(logic.provide({ actions: { closeSchedule: () => onClose() } }), {
    input: { resource },
    options,
  });
  const { rules, draft, error, selected } = state.context;
  const failed = state.hasTag('error');
  const asked = rules.find((rule) => rule.availabilityid === selected);
  const formId = useId();
  const edit = (field: keyof RuleDraft) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'schedule.edit', field, value: event.target.value }),
    ...enabledFor(state, { type: 'schedule.edit', field, value: '' }),
  });
  const close = { type: 'schedule.close' } as const;

  return (
    <Modal
      title={`Manage Schedule for ${resource.resourcename}`}
      onClose={() => send(close)}
      closeControl={enabledFor(state, close)}
      footer={
        <Button variant="secondary" onClick={() => send(close)} {...enabledFor(state, close)}>
          Close
        </Button>
      }
    >
      {state.hasTag('loading') && <Spinner label="Loading schedule..." />}
      {failed && <LoadError text={error} onRetry={() => send({ type: 'schedule.retry' })} event="schedule.retry" />}
      {state.hasTag('ready') && (
        <>
          {rules.length === 0 ? (
            <p className="schedule-empty">{BOOKING_TEXTS.noSchedule}</p>
          ) : (
            <ul className="schedule-list" aria-label="Weekly schedule">
              {rules.map((rule) => {
                const text = ruleText(rule);
                return (
                  <li key={rule.availabilityid}>
                    <span>{text}</span>
                    <Button
                      variant="ghost"
                      icon
                      aria-label={`Delete ${text}`}
                      onClick={() => send({ type: 'schedule.delete', availabilityid: rule.availabilityid })}
                      {...enabledFor(state, { type: 'schedule.delete', availabilityid: rule.availabilityid })}
                    >
                      <CloseIcon />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <form
            id={formId}
            className="schedule-form"
            aria-label="Add a weekly rule"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'schedule.add' });
            }}
          >
            <div className="field">
              <label className="field-label" htmlFor={`${formId}-day`}>
                Day
              </label>
              <select id={`${formId}-day`} className="input" {...edit('dayofweek')}>
                {DAY_NAMES.map((name, day) => (
                  <option key={name} value={String(day)}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${formId}-starttime`}>
                Start Time
              </label>
              <input id={`${formId}-starttime`} className="input" type="time" {...edit('starttime')} />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${formId}-endtime`}>
                End Time
              </label>
              <input id={`${formId}-endtime`} className="input" type="time" {...edit('endtime')} />
            </div>
            <Button type="submit" {...enabledFor(state, { type: 'schedule.add' })}>
              {state.hasTag('adding') ? 'Adding...' : 'Add Rule'}
            </Button>
          </form>
          <Alert text={error} />
          <WeeklyHoursGrid
            // A rule added or deleted in the rows above is the grid's new baseline.
            key={rules.map((rule) => rule.availabilityid).join(' ')}
            resource={resource}
            rules={rules}
            onSaved={() => send({ type: 'schedule.reload' })}
            {...hoursHooks}
          />
        </>
      )}
      {state.hasTag('confirm') && asked && (
        <ConfirmDialog
          title="Confirm Deletion"
          busy={state.hasTag('busy')}
          cancel={{
            onClick: () => send({ type: 'schedule.cancelDelete' }),
            control: enabledFor(state, { type: 'schedule.cancelDelete' }),
          }}
          confirm={{
            label: 'Confirm Delete',
            busyLabel: 'Deleting...',
            onClick: () => send({ type: 'schedule.confirmDelete' }),
            control: enabledFor(state, { type: 'schedule.confirmDelete' }),
          }}
        >
          <p>{SCHEDULE_TEXTS.confirmDelete(ruleText(asked), resource.resourcename)}</p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}
