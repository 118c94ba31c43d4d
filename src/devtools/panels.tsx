/**
 * The side panels shared by the live view and the simulator: the event log (every event with the
 * snapshot after it; pressing one travels back to that moment), the context at the shown moment and a
 * poller's details. Everything shown goes through `redact` (passwords and tokens masked).
 */
import { useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { redact } from '#src/lib/redact.ts';
import { formatMs } from './chart.ts';
import { enteredAtFrom, pollerDetails, pollerMeta } from './poller.ts';
import { contextDiff } from './session-file.ts';
import { payloadSummary } from './simulator.ts';

export interface LogEntry {
  event: { type: string };
  value: unknown;
  at: number;
}

const shortValue = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.{${shortValue(v)}}`))
          .join(' | ')
      : String(value);

const clock = (at: number) =>
  `${new Date(at).toLocaleTimeString('en-GB', { hour12: false })}.${String(at % 1000).padStart(3, '0')}`;

export function EventLog({
  entries,
  shown,
  onShow,
  live,
}: {
  entries: readonly LogEntry[];
  /** Index of the moment on screen. */
  shown: number;
  onShow: (index: number) => void;
  /** Whether the view follows new events (the newest moment is shown) or was sent back in time. */
  live: boolean;
}) {
  const latest = entries.length - 1;
  return (
    <section className="insp-panel" aria-labelledby="insp-log-title">
      <div className="insp-panel-head">
        <h3 id="insp-log-title">Event log</h3>
        {!live && (
          <button type="button" className="insp-link-button" onClick={() => onShow(latest)}>
            Back to the latest
          </button>
        )}
      </div>
      <p className="insp-hint">Press an event to see the diagram and the context just after it.</p>
      <ol className="insp-events-log" aria-label="Events, oldest first">
        {entries.map((entry, i) => {
          const payload = payloadSummary(entry.event as never, 48);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at its end; a moment's index is its identity
            <li key={i}>
              <button
                type="button"
                aria-current={i === shown ? 'step' : undefined}
                data-moment={i}
                onClick={() => onShow(i)}
              >
                <span className="insp-log-n">{i}</span>
                <span className="insp-log-event">
                  <code>{entry.event.type}</code>
                  {payload && <span className="insp-log-payload"> {payload}</span>}
                </span>
                <span className="insp-log-state">→ {shortValue(entry.value)}</span>
                <span className="insp-log-time">{clock(entry.at)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function ContextPanel({ context }: { context: unknown }) {
  return (
    <section className="insp-panel" aria-labelledby="insp-context-title">
      <h3 id="insp-context-title">Context (passwords and tokens redacted)</h3>
      <pre className="insp-context">{JSON.stringify(redact(context ?? null), null, 2)}</pre>
    </section>
  );
}

const until = (nextAt: number, now: number) => {
  const left = nextAt - now;
  return left > 0 ? `in ${formatMs(Math.round(left / 100) * 100)}` : 'due now';
};

/** Timer state, next poll time, backoff level and visibility, when the machine is a poller. */
export function PollerPanel({
  machine,
  history,
  index,
  now,
}: {
  machine: AnyStateMachine;
  history: ReadonlyArray<{ value: unknown; context: unknown; at: number }>;
  index: number;
  now: number;
}) {
  if (!pollerMeta(machine)) return null;
  const moment = history[index];
  if (!moment) return null;
  const details = pollerDetails(machine, moment.value, moment.context, enteredAtFrom(history, index));
  const { timer } = details;
  return (
    <section className="insp-panel insp-poller" aria-labelledby="insp-poller-title">
      <h3 id="insp-poller-title">Poller</h3>
      <dl>
        <dt>State</dt>
        <dd data-poller="state">
          {details.state}
          {details.requesting ? ' (a request is on its way)' : ''}
        </dd>
        <dt>Timer</dt>
        <dd data-poller="timer">
          {timer
            ? `after ${timer.delay}${timer.ms !== undefined ? ` (${formatMs(timer.ms)})` : ''} → ${timer.to}`
            : 'no timer running'}
        </dd>
        <dt>Next poll</dt>
        <dd data-poller="next">
          {timer?.nextAt !== undefined
            ? `${clock(timer.nextAt)} (${index === history.length - 1 ? until(timer.nextAt, now) : 'at that moment'})`
            : details.requesting
              ? 'now (requesting)'
              : '—'}
        </dd>
        <dt>Backoff level</dt>
        <dd data-poller="backoff">
          {details.backoffLevel === null
            ? '—'
            : details.backoffLevel === 0
              ? '0 (no failures)'
              : `${details.backoffLevel} (failures in a row)`}
        </dd>
        <dt>Page hidden</dt>
        <dd data-poller="hidden">{details.hidden ? 'yes: polling paused' : 'no'}</dd>
      </dl>
    </section>
  );
}

/** What changed in the context between another moment and the one shown ("Compare with moment …"). */
export function ContextDiffPanel({
  entries,
  shown,
}: {
  entries: ReadonlyArray<{ event: { type: string }; context: unknown }>;
  shown: number;
}) {
  const [other, setOther] = useState<number>(Math.max(0, shown - 1));
  if (entries.length < 2) return null;
  const from = Math.min(other, entries.length - 1);
  const changes = contextDiff(redact(entries[from]?.context ?? null), redact(entries[shown]?.context ?? null));
  const text = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));
  return (
    <section className="insp-panel" aria-labelledby="insp-diff-title">
      <h3 id="insp-diff-title">Changes between two moments</h3>
      <label className="insp-field">
        Compare the moment shown ({shown}) with moment
        <select value={from} onChange={(e) => setOther(Number(e.target.value))}>
          {entries.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a moment's index is its identity
            <option key={i} value={i}>
              {i}: {entry.event.type}
            </option>
          ))}
        </select>
      </label>
      {changes.length === 0 ? (
        <p className="insp-hint">The same context at both moments.</p>
      ) : (
        <ul className="insp-diff" aria-label={`Context changes from moment ${from} to moment ${shown}`}>
          {changes.map((c) => (
            <li key={c.path} data-change={c.kind}>
              <code>{c.path || '(the whole context)'}</code> {c.kind}: {text(c.before)} → {text(c.after)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
