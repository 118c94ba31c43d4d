/** Closures in Booking Setup: holidays and other days one resource or the whole business is shut. */
import { useId } from 'react';
import type { Closure, Resource } from '#contracts/bookings.ts';
import { type bookingClosuresMachine, CLOSURE_TEXTS, type ClosureDraft } from '#machines/booking-closures.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveClosuresLogic } from './bookings.wiring.ts';

const day = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const show = (date: string) => day.format(new Date(`${date}T12:00:00`));
const datesOf = (closure: Closure) =>
  closure.startdate === closure.enddate
    ? show(closure.startdate)
    : `${show(closure.startdate)} – ${show(closure.enddate)}`;
const appliesTo = (closure: Closure) => closure.resourcename ?? 'Whole business';

export interface ClosuresSectionProps extends FlowHooks<typeof bookingClosuresMachine> {
  today: string;
  resources: Resource[];
}

export function ClosuresSection({ today, resources, logic = liveClosuresLogic, options }: ClosuresSectionProps) {
  const [state, send] = useFlowActor(logic, { input: { today }, options });
  const { closures, draft, error, selected } = state.context;
  const asked = closures.find((closure) => closure.closureid === selected);
  const ids = useId();
  const edit = (field: keyof ClosureDraft) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'closures.edit', field, value: event.target.value }),
    ...enabledFor(state, { type: 'closures.edit', field, value: '' }),
  });

  return (
    <section className="card closures" aria-labelledby="closures-title">
      <h2 id="closures-title">Closures</h2>
      <p className="section-note">Days on which no bookings are taken, for one resource or the whole business.</p>
      {state.hasTag('loading') && <Spinner label="Loading closures..." />}
      {state.hasTag('error') && (
        <LoadError text={error} onRetry={() => send({ type: 'closures.retry' })} event="closures.retry" />
      )}
      {state.hasTag('ready') && (
        <>
          {closures.length === 0 ? (
            <p className="section-note">{CLOSURE_TEXTS.empty}</p>
          ) : (
            <ul className="closure-list">
              {closures.map((closure) => {
                const dates = datesOf(closure);
                return (
                  <li key={closure.closureid}>
                    <span className="closure-text">
                      <strong>{dates}</strong>
                      <span>
                        {appliesTo(closure)}
                        {closure.reason ? ` · ${closure.reason}` : ''}
                      </span>
                    </span>
                    <Button
                      variant="secondary"
                      aria-label={`Remove closure ${dates}`}
                      onClick={() => send({ type: 'closures.delete', closureid: closure.closureid })}
                      {...enabledFor(state, { type: 'closures.delete', closureid: closure.closureid })}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <form
            className="closure-form"
            aria-label="Add a closure"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'closures.add' });
            }}
          >
            <div className="field">
              <label className="field-label" htmlFor={`${ids}-appliesto`}>
                Applies to
              </label>
              <select id={`${ids}-appliesto`} className="input" {...edit('resourceid')}>
                <option value="">Whole business</option>
                {resources.map((r) => (
                  <option key={r.resourceid} value={r.resourceid}>
                    {r.resourcename}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${ids}-from`}>
                From
              </label>
              <input id={`${ids}-from`} className="input" type="date" min={today} {...edit('startdate')} />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${ids}-to`}>
                To
              </label>
              <input
                id={`${ids}-to`}
                className="input"
                type="date"
                min={draft.startdate || today}
                {...edit('enddate')}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${ids}-reasonoptional`}>
                Reason (optional)
              </label>
              <input
                id={`${ids}-reasonoptional`}
                className="input"
                maxLength={200}
                placeholder="e.g. Christmas"
                {...edit('reason')}
              />
            </div>
            <Button type="submit" {...enabledFor(state, { type: 'closures.add' })}>
              {state.hasTag('adding') ? 'Adding...' : 'Add Closure'}
            </Button>
          </form>
          <Alert text={error} />
        </>
      )}
      {state.hasTag('confirm') && asked && (
        <ConfirmDialog
          title={CLOSURE_TEXTS.removeTitle}
          busy={state.hasTag('busy')}
          cancel={{
            onClick: () => send({ type: 'closures.cancelDelete' }),
            control: enabledFor(state, { type: 'closures.cancelDelete' }),
          }}
          confirm={{
            label: CLOSURE_TEXTS.remove,
            busyLabel: CLOSURE_TEXTS.removing,
            onClick: () => send({ type: 'closures.confirmDelete' }),
            control: enabledFor(state, { type: 'closures.confirmDelete' }),
          }}
        >
          <p>{CLOSURE_TEXTS.removeQuestion(datesOf(asked), appliesTo(asked))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
