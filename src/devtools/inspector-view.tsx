/**
 * The offline statechart inspector's live view of one actor: its diagram (active states highlighted,
 * the last transition marked), the event log with time travel (press an event to see the diagram and
 * context just after it), the context, a poller's details, and the state tree with every description
 * (the diagram's text alternative).
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { activePaths, type Chart, chartOf, edgesOfTransitions, takenEdges } from './chart.ts';
import { Diagram } from './diagram-view.tsx';
import { type HistoryEntry, handledEvents, type InspectedActor, type StateConfig, tagsOf } from './inspector-model.ts';
import { ContextDiffPanel, ContextPanel, EventLog, PollerPanel } from './panels.tsx';

function StateNode({
  name,
  config,
  path,
  active,
}: {
  name: string;
  config: StateConfig;
  path: string;
  active: Set<string>;
}) {
  const isActive = active.has(path);
  const children = Object.entries(config.states ?? {});
  const handled = handledEvents(config);
  return (
    <li className={`insp-state${isActive ? ' is-active' : ''}`} aria-current={isActive ? 'true' : undefined}>
      <div className="insp-state-head">
        <span className="insp-state-name">{name}</span>
        {config.type === 'parallel' && <span className="insp-badge">parallel</span>}
        {config.type === 'final' && <span className="insp-badge">final</span>}
        {tagsOf(config).map((tag) => (
          <span key={tag} className="insp-badge">
            #{tag}
          </span>
        ))}
      </div>
      {config.description && <p className="insp-description">{config.description}</p>}
      {handled.length > 0 && <p className="insp-events">{handled.join(' · ')}</p>}
      {children.length > 0 && (
        <ul className="insp-tree">
          {children.map(([child, childConfig]) => (
            <StateNode key={child} name={child} config={childConfig} path={`${path}.${child}`} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The state tree with descriptions and the events each state handles; active states marked. */
export function StateTree({ name, config, value }: { name: string; config: StateConfig | undefined; value: unknown }) {
  const active = new Set(activePaths(value));
  const roots = Object.entries(config?.states ?? {});
  if (!roots.length) return <p>This actor is not a state machine (a promise or callback effect).</p>;
  return (
    <ul className="insp-tree" aria-label={`States of ${name}`}>
      {roots.map(([key, child]) => (
        <StateNode key={key} name={key} config={child} path={key} active={active} />
      ))}
    </ul>
  );
}

/**
 * The edges a moment's step took: XState's own microsteps when the portal reported them (the event's
 * transition, then every `always` and raised event), else read from the states before and after.
 */
export function edgesOfMoment(chart: Chart, before: HistoryEntry, moment: HistoryEntry): string[] {
  if (moment.microsteps?.length) {
    return edgesOfTransitions(
      chart,
      moment.microsteps.flatMap((m) => m.transitions),
    );
  }
  return takenEdges(chart, before.value, moment.event.type, moment.value);
}

/** What XState took in the step shown, one microstep a line: "always [slotsQueryReady]: checking → loadingSlots". */
export function MicrostepList({ chart, moment }: { chart: Chart; moment: HistoryEntry }) {
  const steps = moment.microsteps ?? [];
  if (!steps.length) return null;
  const lines = steps.flatMap((m, i) =>
    m.transitions.map((t, j) => {
      const [id] = edgesOfTransitions(chart, [t]);
      const label = chart.edges.find((e) => e.id === id)?.label ?? (t.eventType || 'always');
      const to = t.targets.length ? t.targets.join(', ') : `${t.source} (stays)`;
      return { key: `${i}:${j}`, text: `${label}: ${t.source || '(machine)'} → ${to}` };
    }),
  );
  return (
    <section className="insp-panel" aria-labelledby="insp-micro-title">
      <h3 id="insp-micro-title">Transitions taken ({moment.event.type})</h3>
      <ol className="insp-microsteps" aria-label="Transitions taken, in order">
        {lines.map((line) => (
          <li key={line.key}>
            <code>{line.text}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Ticks once a second while mounted, for "next poll in 12 s". */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function ActorView({
  actor,
  machine,
  onSimulate,
}: {
  actor: InspectedActor;
  machine?: AnyStateMachine | undefined;
  /** Continue by hand in simulator mode from the moment shown (when the registry has this machine). */
  onSimulate?: ((moment: { value: unknown; context: unknown }) => void) | undefined;
}) {
  const history = actor.history;
  const latest = history.length - 1;
  // null: follow the newest moment; a number: the moment the developer travelled back to.
  const [pinned, setPinned] = useState<number | null>(null);
  const shown = pinned === null ? latest : Math.min(pinned, latest);
  const moment = history[shown];
  const chart = useMemo(() => (machine ? chartOf(machine) : undefined), [machine]);
  const now = useNow();
  const value = moment?.value ?? actor.value;
  const context = moment ? moment.context : actor.context;
  const last = chart && moment && shown > 0 ? edgesOfMoment(chart, history[shown - 1]!, moment) : [];
  return (
    <section className="insp-actor" aria-labelledby={`actor-${actor.sessionId}`}>
      <header className="insp-actor-head">
        <h2 id={`actor-${actor.sessionId}`}>
          {actor.name} <span className="insp-status">{moment?.status ?? actor.status ?? ''}</span>
        </h2>
        <p className="insp-value">
          State: <code data-testid="state-value">{JSON.stringify(value)}</code>
        </p>
        {onSimulate && (
          <p>
            <button type="button" className="insp-link-button" onClick={() => onSimulate({ value, context })}>
              Push it by hand from this moment (simulator)
            </button>
          </p>
        )}
        {pinned !== null && shown !== latest && (
          <p className="insp-travel" role="status">
            Showing the moment after event {shown} of {latest} ({moment?.event.type}).{' '}
            <button type="button" className="insp-link-button" onClick={() => setPinned(null)}>
              Back to live
            </button>
          </p>
        )}
      </header>
      <div className="insp-body">
        <div className="insp-graph-column">
          {chart ? (
            <Diagram
              chart={chart}
              layoutKey={`live:${machine!.id}`}
              active={activePaths(value)}
              lastEdges={last}
              label={`Diagram of ${actor.name}; active: ${activePaths(value).join(', ') || 'none'}`}
            />
          ) : (
            <p>No diagram: this actor is not a state machine.</p>
          )}
          <details className="insp-panel">
            <summary>States and their descriptions</summary>
            <StateTree name={actor.name} config={actor.definition} value={value} />
          </details>
        </div>
        <div className="insp-side">
          {machine && <PollerPanel machine={machine} history={history} index={shown} now={now} />}
          {chart && moment && <MicrostepList chart={chart} moment={moment} />}
          <EventLog
            entries={history}
            shown={shown}
            live={pinned === null || shown === latest}
            onShow={(i) => setPinned(i === latest ? null : i)}
          />
          <ContextPanel context={context} />
          <ContextDiffPanel entries={history} shown={shown} />
        </div>
      </div>
    </section>
  );
}
