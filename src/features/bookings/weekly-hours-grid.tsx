/**
 * "Weekly hours" in the schedule modal (issue 24): Monday..Sunday, each open or closed with its 24-hour
 * ranges, "Add hours", remove a range, "Copy Monday to weekdays" and one "Save weekly hours". The spec's
 * rows and rule form stay beside it; this is the comfortable way to set a whole week.
 */
import { useId } from 'react';
import { type AvailabilityRule, DAY_NAMES, type Resource } from '#contracts/bookings.ts';
import { GRID_DAYS, HOURS_TEXTS, type HoursRange, type weeklyHoursMachine } from '#machines/weekly-hours.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { CloseIcon } from '#src/ui/icons.tsx';
import { liveWeeklyHoursLogic } from './bookings.wiring.ts';

export interface WeeklyHoursGridProps extends FlowHooks<typeof weeklyHoursMachine> {
  resource: Resource;
  rules: AvailabilityRule[];
  /** Every change went through: the schedule reloads its rows from the server. */
  onSaved: () => void;
}

const FIELD_LABEL: Record<keyof HoursRange, string> = { starttime: 'Opens', endtime: 'Closes' };

export function WeeklyHoursGrid({
  resource,
  rules,
  onSaved,
  logic = liveWeeklyHoursLogic,
  options,
}: WeeklyHoursGridProps) {
  const [state, send] = useFlowActor(logic.provide({ actions: { hoursSaved: () => onSaved() } }), {
    input: { resource, rules },
    options,
  });
  const { week, error } = state.context;
  const saving = state.hasTag('busy');
  const id = useId();
  const save = { type: 'hours.save' } as const;
  const copy = { type: 'hours.copyMonday' } as const;

  return (
    <form
      className="hours-grid"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send(save);
      }}
    >
      <h3 id={`${id}-title`} className="hours-title">
        {HOURS_TEXTS.title}
      </h3>
      {GRID_DAYS.map((day) => {
        const name = DAY_NAMES[day];
        const { open, ranges } = week[day]!;
        const toggle = { type: 'hours.toggle', day } as const;
        return (
          <fieldset key={day} className="hours-day">
            <legend className="hours-day-name">{name}</legend>
            <label className="hours-open">
              <input type="checkbox" checked={open} onChange={() => send(toggle)} {...enabledFor(state, toggle)} />
              {'Open '}
              <span className="visually-hidden">on {name}</span>
            </label>
            {open ? (
              <div className="hours-ranges">
                {ranges.map((range, index) => {
                  const label = `${name} hours ${index + 1}`;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
                    <div key={index} className="hours-range">
                      {(['starttime', 'endtime'] as const).map((field) => (
                        <label key={field} className="hours-time">
                          <span>
                            {`${FIELD_LABEL[field]} `}
                            <span className="visually-hidden">({label})</span>
                          </span>
                          <input
                            className="input"
                            type="time"
                            value={range[field]}
                            onChange={(event) =>
                              send({ type: 'hours.edit', day, index, field, value: event.target.value })
                            }
                            {...enabledFor(state, { type: 'hours.edit', day, index, field, value: '' })}
                          />
                        </label>
                      ))}
                      <Button
                        variant="ghost"
                        icon
                        aria-label={`Remove ${name} ${range.starttime} - ${range.endtime}`}
                        onClick={() => send({ type: 'hours.removeRange', day, index })}
                        {...enabledFor(state, { type: 'hours.removeRange', day, index })}
                      >
                        <CloseIcon />
                      </Button>
                    </div>
                  );
                })}
              </div>
            ) : (
              <p className="hours-closed">Closed</p>
            )}
            <Button
              variant="secondary"
              aria-label={`${HOURS_TEXTS.addHours} on ${name}`}
              onClick={() => send({ type: 'hours.addRange', day })}
              {...enabledFor(state, { type: 'hours.addRange', day })}
            >
              {HOURS_TEXTS.addHours}
            </Button>
          </fieldset>
        );
      })}
      <div className="hours-actions">
        <Button variant="secondary" onClick={() => send(copy)} {...enabledFor(state, copy)}>
          {HOURS_TEXTS.copyMonday}
        </Button>
        <Button type="submit" {...enabledFor(state, save)}>
          {saving ? HOURS_TEXTS.saving : HOURS_TEXTS.save}
        </Button>
      </div>
      <Alert text={error} />
    </form>
  );
}
