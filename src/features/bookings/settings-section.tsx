/** Booking Settings in Booking Setup (issue 24): reminders, the customers' cancellation cut-off, owner e-mails. */
import { useId } from 'react';
import {
  type bookingSettingsMachine,
  CUTOFF_CHOICES,
  leadText,
  REMINDER_CHOICES,
  REMINDER_OFF,
  SETTINGS_TEXTS,
} from '#machines/booking-settings.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveSettingsLogic } from './bookings.wiring.ts';

/** The offered minutes, with the saved value among them when it was set otherwise (through the API). */
const choices = (offered: number[], current: string) =>
  current !== REMINDER_OFF && !offered.includes(Number(current))
    ? [...offered, Number(current)].sort((a, b) => a - b)
    : offered;

export function SettingsSection({ logic = liveSettingsLogic, options }: FlowHooks<typeof bookingSettingsMachine>) {
  const [state, send] = useFlowActor(logic, { options });
  const { draft, error, saved } = state.context;
  const ids = useId();
  const edit = (field: 'reminder' | 'cutoff') => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'settings.edit', field, value: event.target.value }),
    ...enabledFor(state, { type: 'settings.edit', field, value: '' }),
  });

  return (
    <section className="card booking-settings" aria-labelledby="booking-settings-title">
      <h2 id="booking-settings-title">{SETTINGS_TEXTS.title}</h2>
      <p className="section-note">What customers are e-mailed, and until when they may cancel in the app.</p>
      {state.hasTag('loading') && <Spinner label={SETTINGS_TEXTS.loading} />}
      {state.hasTag('error') && (
        <LoadError text={error} onRetry={() => send({ type: 'settings.retry' })} event="settings.retry" />
      )}
      {state.hasTag('ready') && (
        <form
          className="settings-form"
          aria-label={SETTINGS_TEXTS.title}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'settings.save' });
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-reminder`}>
              {SETTINGS_TEXTS.reminder}
            </label>
            <select id={`${ids}-reminder`} className="input" {...edit('reminder')}>
              <option value={REMINDER_OFF}>No reminder</option>
              {choices(REMINDER_CHOICES, draft.reminder).map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {leadText(minutes)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-cutoff`}>
              {SETTINGS_TEXTS.cutoff}
            </label>
            <select id={`${ids}-cutoff`} className="input" {...edit('cutoff')}>
              {choices(CUTOFF_CHOICES, draft.cutoff).map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {leadText(minutes)}
                </option>
              ))}
            </select>
          </div>
          <label className="checkbox settings-owner">
            <input
              type="checkbox"
              checked={draft.notifyOwner}
              onChange={(event) => send({ type: 'settings.toggle', value: event.target.checked })}
              {...enabledFor(state, { type: 'settings.toggle', value: true })}
            />
            {SETTINGS_TEXTS.notifyOwner}
          </label>
          <div className="settings-actions">
            <Button type="submit" {...enabledFor(state, { type: 'settings.save' })}>
              {state.hasTag('busy') ? SETTINGS_TEXTS.saving : SETTINGS_TEXTS.save}
            </Button>
            <p className="section-note" role="status">
              {saved ? SETTINGS_TEXTS.saved : ''}
            </p>
          </div>
          <Alert text={error} />
        </form>
      )}
    </section>
  );
}
