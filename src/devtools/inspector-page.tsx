/**
 * The offline statechart inspector (development only): a window the app opens with `?inspect`. It
 * receives the app's inspection events through @statelyai/inspect's browser receiver (postMessage from
 * its opener) and shows every machine actor's state tree live. `?inspect=stately` uses Stately's hosted
 * visualizer instead, which needs internet.
 */
import { createBrowserReceiver } from '@statelyai/inspect';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type InspectedActor, type InspectorEvent, liveMachines, reduceInspector } from './inspector-model.ts';
import { ActorView } from './inspector-view.tsx';
import '#src/styles/tokens.css';
import '#src/styles/base.css';
import './inspector.css';

function InspectorPage() {
  const [actors, setActors] = useState(() => new Map<string, InspectedActor>());
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    const subscription = createBrowserReceiver().subscribe((event) =>
      setActors((current) => reduceInspector(current, event as unknown as InspectorEvent)),
    );
    return () => subscription.unsubscribe();
  }, []);
  const machines = liveMachines(actors);
  const shown = machines.find((actor) => actor.sessionId === selected) ?? machines[0];
  return (
    <div className="insp">
      <nav className="insp-actors" aria-label="Machines">
        <h1>Statecharts</h1>
        {machines.length === 0 && <p>Waiting for the portal… use the portal window; its machines appear here.</p>}
        <ul>
          {machines.map((actor) => (
            <li key={actor.sessionId}>
              <button type="button" aria-pressed={actor === shown} onClick={() => setSelected(actor.sessionId)}>
                {actor.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="insp-main">{shown ? <ActorView actor={shown} /> : null}</main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <InspectorPage />
  </StrictMode>,
);
