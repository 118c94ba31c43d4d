/**
 * Simulator mode (no server): one registry machine stepped with its samples, and the QA plan's
 * scenarios replayed step by step with each expectation beside the state it belongs to.
 */
import { useMemo, useState } from 'react';
import type { MachineEntry } from '#machines/lib/entry.ts';
import { activePaths, chartOf, edgesOfTransitions, selectedTransitions, takenEdges } from './chart.ts';
import { Diagram } from './diagram-view.tsx';
import { useNow } from './inspector-view.tsx';
import { ContextDiffPanel, ContextPanel, EventLog, PollerPanel } from './panels.tsx';
import { PayloadForm } from './payload-form.tsx';
import { momentOf, onOrigin, type PlanScenario, scenarioHistory, scenariosOf } from './qa.ts';
import {
  type Offer,
  type OfferKind,
  offers,
  type SimStep,
  simulate,
  simulationFrom,
  startSimulation,
} from './simulator.ts';

const KIND_TITLES: Record<OfferKind, string> = {
  action: 'What the person does',
  answer: 'Answers of the server or browser (samples)',
  timer: 'Timers (fired at once)',
};

export interface SimulatorProps {
  entry: MachineEntry;
  /** Start where a live actor was (its value and context) instead of at the machine's first state. */
  from?: { value: unknown; context: unknown } | undefined;
  /** 1-based scenario number of the QA plan to replay, if any. */
  scenario?: number | undefined;
  onScenario: (scenario: number | undefined) => void;
}

export function SimulatorView(props: SimulatorProps) {
  // A fresh simulator per machine and scenario: the key drops the previous one's history.
  return (
    <Simulator
      key={`${props.entry.machine.id}:${props.scenario ?? ''}:${JSON.stringify(props.from ?? null)}`}
      {...props}
    />
  );
}

function Simulator({ entry, from, scenario: scenarioNumber, onScenario }: SimulatorProps) {
  const { machine } = entry;
  const chart = useMemo(() => chartOf(machine), [machine]);
  const [inputIndex, setInputIndex] = useState(0);
  const input = entry.inputs?.[inputIndex]?.input;
  const [showPlan, setShowPlan] = useState(scenarioNumber !== undefined);
  const scenarios = useMemo(() => (showPlan ? scenariosOf(entry) : []), [entry, showPlan]);
  const scenario: PlanScenario | undefined =
    scenarioNumber === undefined ? undefined : scenarios.find((s) => s.number === scenarioNumber);

  const [history, setHistory] = useState<SimStep[]>(
    () => (from && simulationFrom(machine, from)) || startSimulation(machine, input),
  );
  // In a replay the whole path is known; `cursor` is the moment on screen.
  const replay = useMemo(() => (scenario ? scenarioHistory(scenario) : undefined), [scenario]);
  const steps = replay ?? history;
  const [cursor, setCursor] = useState(0);
  const shown = Math.min(cursor, steps.length - 1);
  const now = useNow();
  const moment = steps[shown]!;
  const value = moment.snapshot.value;
  const active = activePaths(value);
  const before = shown > 0 ? steps[shown - 1]!.snapshot : undefined;
  // The event's own transitions as XState selects them (guards evaluated), then the `always` ones after.
  const exact = before ? edgesOfTransitions(chart, selectedTransitions(machine, before, moment.event) ?? []) : [];
  const last = before ? takenEdges(chart, before.value, moment.event.type, value, exact) : [];
  const qa = scenario ? momentOf(scenario, shown) : undefined;

  const restart = (index = inputIndex) => {
    setInputIndex(index);
    setHistory(startSimulation(machine, entry.inputs?.[index]?.input));
    setCursor(0);
  };
  const send = (event: SimStep['event']) => {
    const next = simulate(machine, history, shown, event);
    setHistory(next);
    setCursor(next.length - 1);
    setComposing(undefined);
  };
  const available = replay ? [] : offers(entry, moment.snapshot);
  // Which edge each offered sample would take (XState's own selection), for pressing edges on the diagram.
  const offerEdges = new Map(
    available.map((o) => [
      o.key,
      edgesOfTransitions(chart, selectedTransitions(machine, moment.snapshot, o.event) ?? []),
    ]),
  );
  const edgeOffers = new Map<string, Offer[]>();
  for (const offer of available) {
    for (const id of offerEdges.get(offer.key) ?? []) edgeOffers.set(id, [...(edgeOffers.get(id) ?? []), offer]);
  }
  const describe = (offer: Offer) =>
    [...new Set((offerEdges.get(offer.key) ?? []).map((id) => chart.edges.find((e) => e.id === id)?.description))]
      .filter(Boolean)
      .join(' / ');
  const [composing, setComposing] = useState<{ edge: string; offers: Offer[] }>();
  const pressEdge = (edgeId: string) => {
    const choices = edgeOffers.get(edgeId);
    if (!choices?.length) return;
    const only = choices[0]!;
    if (choices.length === 1 && Object.keys(only.event).length === 1) send(only.event);
    else setComposing({ edge: edgeId, offers: choices });
  };
  const logEntries = steps.map((s) => ({ event: s.event, value: s.snapshot.value, at: s.at }));
  const pollerHistory = steps.map((s) => ({ value: s.snapshot.value, context: s.snapshot.context, at: s.at }));

  return (
    <section className="insp-actor" aria-labelledby="sim-title">
      <header className="insp-actor-head">
        <h2 id="sim-title">
          {entry.title}{' '}
          <span className="insp-status">
            simulated: {machine.id}, no server{from ? ', from the live moment' : ''}
          </span>
        </h2>
        <p className="insp-value">
          State: <code data-testid="state-value">{JSON.stringify(value)}</code>{' '}
          <span className="insp-status">{moment.snapshot.status}</span>
        </p>
        <div className="insp-actions">
          {entry.inputs && entry.inputs.length > 1 && !replay && (
            <label>
              Start{' '}
              <select value={inputIndex} onChange={(e) => restart(Number(e.target.value))}>
                {entry.inputs.map((i, n) => (
                  <option key={i.label} value={n}>
                    {i.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {!replay && (
            <button type="button" onClick={() => restart()}>
              Restart
            </button>
          )}
          <button type="button" aria-expanded={showPlan} onClick={() => setShowPlan(!showPlan)}>
            {showPlan ? 'Hide the QA plan' : 'QA plan scenarios'}
          </button>
        </div>
      </header>
      <div className="insp-body">
        <div className="insp-graph-column">
          <Diagram
            chart={chart}
            layoutKey={`registry:${machine.id}`}
            active={active}
            lastEdges={last}
            {...(replay ? {} : { onEdge: pressEdge, pressable: new Set(edgeOffers.keys()) })}
            {...(qa?.expect ? { note: `Expect: ${qa.expect}` } : {})}
            label={`Diagram of ${machine.id}; active: ${active.join(', ') || 'none'}`}
          />
          {scenario && (
            <Replay scenario={scenario} index={shown} onGo={setCursor} onLeave={() => onScenario(undefined)} />
          )}
        </div>
        <div className="insp-side">
          {composing && (
            <PayloadForm
              key={composing.edge}
              title={chart.edges.find((e) => e.id === composing.edge)?.label ?? ''}
              description={chart.edges.find((e) => e.id === composing.edge)?.description}
              offers={composing.offers}
              onSend={send}
              onCancel={() => setComposing(undefined)}
            />
          )}
          {!replay && (
            <section className="insp-panel" aria-labelledby="sim-events-title">
              <h3 id="sim-events-title">Events this state accepts</h3>
              {available.length === 0 && (
                <p className="insp-hint">
                  {moment.snapshot.status === 'active'
                    ? 'None: this state waits for nothing a sample offers.'
                    : 'None: the machine has finished.'}
                </p>
              )}
              {(['action', 'answer', 'timer'] as const).map((kind) => {
                const group = available.filter((o) => o.kind === kind);
                if (!group.length) return null;
                return (
                  <div key={kind} className="insp-offers">
                    <h4>{KIND_TITLES[kind]}</h4>
                    <ul>
                      {group.map((offer) => (
                        <li key={offer.key}>
                          <button
                            type="button"
                            data-sample={offer.key}
                            title={offer.hint}
                            onClick={() => send(offer.event)}
                          >
                            {offer.label}
                            {describe(offer) && <span className="insp-offer-description">{describe(offer)}</span>}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </section>
          )}
          {showPlan && !scenario && (
            <section className="insp-panel" aria-labelledby="sim-plan-title">
              <h3 id="sim-plan-title">QA plan: {scenarios.length} scenarios</h3>
              <ol className="insp-scenarios">
                {scenarios.map((s) => (
                  <li key={s.number}>
                    <button type="button" onClick={() => onScenario(s.number)}>
                      {s.number}. {s.title}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
          <PollerPanel machine={machine} history={pollerHistory} index={shown} now={now} />
          <EventLog entries={logEntries} shown={shown} live={shown === steps.length - 1} onShow={setCursor} />
          <ContextPanel context={moment.snapshot.context} />
          <ContextDiffPanel
            entries={steps.map((st) => ({ event: st.event, context: st.snapshot.context }))}
            shown={shown}
          />
        </div>
      </div>
    </section>
  );
}

function Replay({
  scenario,
  index,
  onGo,
  onLeave,
}: {
  scenario: PlanScenario;
  index: number;
  onGo: (index: number) => void;
  onLeave: () => void;
}) {
  const lastIndex = scenario.path.steps.length - 1;
  const moment = momentOf(scenario, index);
  return (
    <section className="insp-panel insp-replay" aria-labelledby="replay-title">
      <div className="insp-panel-head">
        <h3 id="replay-title">
          Scenario {scenario.number}: {scenario.title}
        </h3>
        <button type="button" className="insp-link-button" onClick={onLeave}>
          Leave the replay
        </button>
      </div>
      <p className="insp-hint">
        {onOrigin(
          `Start: ${scenario.url}, ${scenario.who}.${scenario.andThen ? ` Then ${scenario.andThen}.` : ''}`,
          window.location.origin,
        )}
      </p>
      <div className="insp-actions">
        <button type="button" onClick={() => onGo(0)} disabled={index === 0}>
          Start over
        </button>
        <button type="button" onClick={() => onGo(index - 1)} disabled={index === 0}>
          Previous
        </button>
        <button type="button" onClick={() => onGo(index + 1)} disabled={index >= lastIndex}>
          Next step
        </button>
        <span role="status" className="insp-progress">
          Moment {index} of {lastIndex}
          {index >= lastIndex ? ' (the end of the scenario)' : ''}
        </span>
      </div>
      <ol className="insp-plan-steps">
        <li className={moment.step === 0 ? 'is-current' : ''} aria-current={moment.step === 0 ? 'step' : undefined}>
          <strong>Opening.</strong> {scenario.opening.length ? `${scenario.opening.join('; ')}. ` : ''}
          <span className="insp-expect">Expect: {scenario.expect ?? 'the page is still waiting.'}</span>
        </li>
        {scenario.steps.map((step, n) => {
          const current = moment.step === n + 1;
          return (
            <li
              key={step.firstStep}
              className={current ? 'is-current' : ''}
              aria-current={current ? 'step' : undefined}
            >
              <strong>Step {n + 1}.</strong>{' '}
              {onOrigin(`${step.arrange.map((a) => `First ${a}. `).join('')}${step.action}`, window.location.origin)}
              {step.results.map((r) => (
                <span key={r} className="insp-then">
                  {' '}
                  Then: {r}.
                </span>
              ))}{' '}
              <span className="insp-expect">
                Expect: {step.expect ?? 'nothing to check by eye (the page waits for an answer that comes in a blink).'}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
