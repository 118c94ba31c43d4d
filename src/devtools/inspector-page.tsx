/**
 * The offline statechart inspector (development only; `npm run dev` serves it at /inspector/). Two
 * sources of machines:
 * - Live: the portal window opened with `?inspect` sends its actors' inspection events here through
 *   @statelyai/inspect's browser receiver (postMessage from the opener); each machine is drawn and moves.
 * - Simulate: every machine of machines/registry.ts, stepped with its samples, no server needed; QA plan
 *   scenarios replay there (`/inspector/?machine=<id>&scenario=<n>`, linked from docs/test-plans).
 * `?inspect=stately` in the portal uses Stately's hosted visualizer instead, which needs internet.
 */
import { createBrowserReceiver } from '@statelyai/inspect';
import { StrictMode, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AnyStateMachine } from 'xstate';
import { registry } from '#machines/registry.ts';
import { ActorsView } from './actors-view.tsx';
import { machineFromDefinition } from './chart.ts';
import {
  type InspectedActor,
  type InspectorEvent,
  liveMachines,
  type Message,
  machineName,
  reduceInspector,
  reduceMessages,
} from './inspector-model.ts';
import { ActorView } from './inspector-view.tsx';
import { readSession, sessionFile } from './session-file.ts';
import { SimulatorView } from './simulator-view.tsx';
import '#src/styles/tokens.css';
import '#src/styles/base.css';
import './inspector.css';

type View =
  | { mode: 'live'; name?: string; session?: string }
  | { mode: 'actors' }
  | { mode: 'simulate'; machine: string; scenario?: number; from?: { value: unknown; context: unknown } };

function viewFromUrl(): View {
  const params = new URLSearchParams(window.location.search);
  const machine = params.get('machine');
  if (machine && registry.some((e) => e.machine.id === machine)) {
    const scenario = Number(params.get('scenario'));
    return { mode: 'simulate', machine, ...(scenario > 0 ? { scenario } : {}) };
  }
  return { mode: 'live' };
}

function urlOf(view: View): string {
  if (view.mode === 'live' || view.mode === 'actors') return window.location.pathname;
  const params = new URLSearchParams({ machine: view.machine });
  if (view.scenario) params.set('scenario', String(view.scenario));
  return `${window.location.pathname}?${params}`;
}

/** The registry's machine for a live actor (same id), else its reported definition rebuilt for drawing. */
const rebuilt = new WeakMap<object, AnyStateMachine | undefined>();
function machineOf(actor: InspectedActor): AnyStateMachine | undefined {
  const id = machineName(actor);
  const known = registry.find((e) => e.machine.id === id)?.machine;
  if (known || !actor.definition) return known;
  if (!rebuilt.has(actor.definition)) rebuilt.set(actor.definition, machineFromDefinition(actor.definition));
  return rebuilt.get(actor.definition);
}

/** A machine's human title: its registry entry's ("Booking form"), else its id. */
export const titleOf = (id: string): string => registry.find((e) => e.machine.id === id)?.title ?? id;

/** Whether a machine matches what was typed in "Find a machine" (its id or title, any case, any order of words). */
export const matches = (query: string, id: string): boolean => {
  const text = `${id} ${titleOf(id)}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
};

/** How long incoming events are gathered before one render (a sixtieth of a second would starve the portal as well). */
const FLUSH_MS = 100;

/** Saves a recorded session as a JSON file (the browser's download). */
function download(file: ReturnType<typeof sessionFile>) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `inspector-session-${file.recordedAt.replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One recorded event in words: "redeem.lookup to redeem", "redeem reached ready". */
function describeEvent(event: InspectorEvent, actors: Map<string, InspectedActor>): string {
  const who = actors.get(event.sessionId)?.name ?? event.sessionId;
  if (event.type === '@xstate.actor') return `${event.name} started`;
  if (event.type === '@xstate.snapshot') return `${who} took ${event.event?.type ?? 'a step'}`;
  if (event.type === '@xstate.microstep') return `${who}: microstep (${event.event?.type ?? ''})`;
  return `${event.event?.type ?? 'an event'} to ${who}`;
}

function InspectorPage() {
  const [liveActors, setActors] = useState(() => new Map<string, InspectedActor>());
  const [liveMessages, setMessages] = useState<Message[]>([]);
  // Recording: every event received while on, for "Export the recording".
  const recording = useRef(false);
  const [recorded, setRecorded] = useState<InspectorEvent[]>([]);
  const [isRecording, setIsRecording] = useState(false);
  // A session file imported: its events are folded up to `index` instead of the live ones.
  const [replay, setReplay] = useState<{ events: InspectorEvent[]; index: number; recordedAt: string }>();
  const [importError, setImportError] = useState<string>();
  const [view, setView] = useState<View>(viewFromUrl);
  const [query, setQuery] = useState('');
  useEffect(() => {
    // Only a window the portal opened receives anything; opened directly, the inspector simulates.
    // Events come one message each (hundreds when a page opens): folded in batches, one render per
    // batch. The portal shares this window's event loop, and its inspector hook sends in idle time, so
    // a render per event here would starve it (machines showed up ten seconds late).
    let queue: InspectorEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const batch = queue;
      queue = [];
      setActors((current) => batch.reduce(reduceInspector, current));
      setMessages((current) => batch.reduce(reduceMessages, current));
      if (recording.current) setRecorded((current) => [...current, ...batch]);
    };
    const subscription = createBrowserReceiver().subscribe((event) => {
      queue.push(event as unknown as InspectorEvent);
      timer ??= setTimeout(flush, FLUSH_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, []);
  const go = (next: View) => {
    setView(next);
    window.history.replaceState(null, '', urlOf(next));
    // The diagram, not the list, is what the person wants to see next (the list scrolls on its own).
    document.querySelector('.insp-main')?.scrollTo({ top: 0 });
  };
  const replayed = useMemo(() => {
    if (!replay) return undefined;
    const upTo = replay.events.slice(0, replay.index + 1);
    return { actors: upTo.reduce(reduceInspector, new Map()), messages: upTo.reduce(reduceMessages, []) };
  }, [replay]);
  const actors = replayed?.actors ?? liveActors;
  const messages = replayed?.messages ?? liveMessages;
  const machines = liveMachines(actors);
  const shown =
    view.mode === 'live'
      ? ((view.session ? actors.get(view.session) : undefined) ??
        machines.find((a) => machineName(a) === view.name) ??
        machines[0])
      : undefined;
  const liveMachine = shown ? machineOf(shown) : undefined;
  const entry = view.mode === 'simulate' ? registry.find((e) => e.machine.id === view.machine) : undefined;

  return (
    <div className="insp">
      <nav className="insp-actors" aria-label="Machines">
        <h1>Statecharts</h1>
        <label className="insp-search">
          Find a machine
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="booking, redeem…"
          />
        </label>
        <h2>Live in the portal</h2>
        {machines.length === 0 && (
          <p className="insp-hint">
            {window.opener
              ? 'Waiting for the portal… use the portal window; its machines appear here.'
              : 'Open the portal with ?inspect and press "Open statechart inspector" to watch it live.'}
          </p>
        )}
        <p>
          <button type="button" aria-pressed={view.mode === 'actors'} onClick={() => go({ mode: 'actors' })}>
            Actors and the events between them
          </button>
        </p>
        <section className="insp-recording" aria-labelledby="insp-rec-title">
          <h2 id="insp-rec-title">Recording</h2>
          <p className="insp-actions">
            <button
              type="button"
              aria-pressed={isRecording}
              onClick={() => {
                recording.current = !isRecording;
                if (!isRecording) setRecorded([]);
                setIsRecording(!isRecording);
              }}
            >
              {isRecording ? `Stop recording (${recorded.length} events)` : 'Record'}
            </button>
            <button
              type="button"
              disabled={recorded.length === 0}
              onClick={() => download(sessionFile(recorded, window.location.origin))}
            >
              Export the recording
            </button>
          </p>
          <label className="insp-field">
            Import a recording
            <input
              type="file"
              accept="application/json,.json"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                const read = readSession(await file.text());
                if ('error' in read) return setImportError(read.error);
                setImportError(undefined);
                setReplay({ events: read.events, index: 0, recordedAt: read.recordedAt });
                go({ mode: 'live' });
              }}
            />
          </label>
          {importError && (
            <p role="alert" className="insp-error">
              {importError}
            </p>
          )}
        </section>
        <ul aria-label="Live machines">
          {machines
            .filter((actor) => matches(query, machineName(actor)))
            .map((actor) => (
              <li key={actor.sessionId}>
                <button
                  type="button"
                  aria-pressed={view.mode === 'live' && actor === shown}
                  onClick={() => go({ mode: 'live', name: machineName(actor) })}
                >
                  {machineName(actor)}
                  {actor.name !== machineName(actor) ? ` (as ${actor.name})` : ''}
                  {actor.status && actor.status !== 'active' ? ` (${actor.status})` : ''}
                  {titleOf(machineName(actor)) !== machineName(actor) && ' '}
                  {titleOf(machineName(actor)) !== machineName(actor) && (
                    <span className="insp-machine-title">{titleOf(machineName(actor))}</span>
                  )}
                </button>
              </li>
            ))}
        </ul>
        <h2>Simulate (no server)</h2>
        <ul aria-label="Machines to simulate">
          {registry
            .filter((e) => matches(query, e.machine.id))
            .sort((a, b) => a.title.localeCompare(b.title))
            .map((e) => (
              <li key={e.machine.id}>
                <button
                  type="button"
                  aria-pressed={view.mode === 'simulate' && view.machine === e.machine.id}
                  onClick={() => go({ mode: 'simulate', machine: e.machine.id })}
                >
                  {e.title} <span className="insp-machine-title">{e.machine.id}</span>
                </button>
              </li>
            ))}
        </ul>
      </nav>
      <main className="insp-main">
        {replay && (
          <section className="insp-panel insp-replay" aria-labelledby="insp-session-title">
            <h2 id="insp-session-title">
              Replaying a recorded session{replay.recordedAt ? ` (recorded ${replay.recordedAt})` : ''}
            </h2>
            <div className="insp-actions">
              <button type="button" disabled={replay.index === 0} onClick={() => setReplay({ ...replay, index: 0 })}>
                Start over
              </button>
              <button
                type="button"
                disabled={replay.index === 0}
                onClick={() => setReplay({ ...replay, index: replay.index - 1 })}
              >
                Previous event
              </button>
              <button
                type="button"
                disabled={replay.index >= replay.events.length - 1}
                onClick={() => setReplay({ ...replay, index: replay.index + 1 })}
              >
                Next event
              </button>
              <button type="button" onClick={() => setReplay({ ...replay, index: replay.events.length - 1 })}>
                To the end
              </button>
              <button type="button" className="insp-link-button" onClick={() => setReplay(undefined)}>
                Back to live
              </button>
              <span role="status" className="insp-progress">
                Event {replay.index + 1} of {replay.events.length}:{' '}
                {describeEvent(replay.events[replay.index]!, actors)}
              </span>
            </div>
          </section>
        )}
        {view.mode === 'actors' ? (
          <ActorsView actors={actors} messages={messages} onPick={(session) => go({ mode: 'live', session })} />
        ) : entry ? (
          <SimulatorView
            entry={entry}
            from={view.mode === 'simulate' ? view.from : undefined}
            scenario={view.mode === 'simulate' ? view.scenario : undefined}
            onScenario={(scenario) =>
              go({ mode: 'simulate', machine: entry.machine.id, ...(scenario ? { scenario } : {}) })
            }
          />
        ) : shown ? (
          <ActorView
            key={shown.sessionId}
            actor={shown}
            machine={liveMachine}
            onSimulate={
              registry.some((e) => e.machine === liveMachine)
                ? (from) => go({ mode: 'simulate', machine: liveMachine!.id, from })
                : undefined
            }
          />
        ) : (
          <section className="insp-empty">
            <h2>No machine to show yet</h2>
            <p>Pick a machine under "Simulate" to push it by hand, or use the portal window to watch it live.</p>
          </section>
        )}
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <InspectorPage />
  </StrictMode>,
);
