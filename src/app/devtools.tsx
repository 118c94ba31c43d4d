/**
 * Development-only Stately inspector. main.tsx imports this module dynamically inside
 * `if (import.meta.env.DEV)`, so none of it (nor @statelyai/inspect) reaches the production bundle.
 *
 * Switch: open the dev server with `?inspect` (or set VITE_INSPECT=true), then press "Open statechart
 * inspector": an offline inspector window opens (`?inspect=stately`: Stately's hosted one). Browsers block pop-ups outside a click, hence autoStart: false and a button; events that
 * happen before the click are buffered and replayed. Secrets are redacted at any depth (src/lib/redact.ts).
 */
import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyStateNode, InspectionEvent, Observer } from 'xstate';
import { guardName } from '#machines/lib/transitions.ts';
import { redact } from '#src/lib/redact.ts';
import { Button } from '#src/ui/button.tsx';

/** Browsers allow the inspector pop-up only from a click, hence a button. */
export function DevtoolsButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="secondary" className="dev-inspector-button" onClick={onOpen}>
      Open statechart inspector
    </Button>
  );
}

/**
 * 'local' (the default) opens the offline inspector page the dev server serves at /inspector/
 * (src/devtools/inspector.html: live diagrams, time travel, simulator, QA replays); 'stately' opens Stately's hosted visualizer, which needs internet.
 */
export function setupInspector(where: 'local' | 'stately' = 'local') {
  const inspector = createBrowserInspector({
    autoStart: false,
    // Ten times the default: a signed-in page starts ~40 actors before the window opens.
    maxDeferredEvents: 2000,
    serialize: (event) => redact(event),
    ...(where === 'local' ? { url: new URL('/inspector/', window.location.origin).toString() } : {}),
  });
  if (where === 'stately') return { inspect: inspector.inspect, open: () => inspector.start() };
  // @statelyai/inspect drops XState's microsteps; the offline inspector draws them (what was really
  // taken, `always` steps included), so they are sent beside its events, in the same order.
  const inspect: Observer<InspectionEvent> = {
    next: (event) => {
      if (event.type !== '@xstate.microstep') return inspector.inspect.next?.(event);
      const step = microstepOf(event);
      later(() => inspector.adapter.send(step as never));
    },
  };
  return { inspect, open: () => inspector.start() };
}

/** The same queue @statelyai/inspect defers its events on, so a microstep keeps its place among them. */
const later = (callback: () => void) => (window.requestIdleCallback ?? window.requestAnimationFrame)(callback);

const pathOf = (node: AnyStateNode) => node.path.join('.');

/**
 * A microstep as the offline inspector reads it (src/devtools/inspector-model.ts): the transitions XState
 * took, by source path, event type ('' for `always`), guard name and target paths, and the state after.
 */
export function microstepOf(event: Extract<InspectionEvent, { type: '@xstate.microstep' }>) {
  const transitions = event._transitions as Array<{
    eventType: string;
    source: AnyStateNode;
    target?: readonly AnyStateNode[];
    guard?: unknown;
  }>;
  return {
    type: '@xstate.microstep',
    _version: 'portal',
    sessionId: event.actorRef.sessionId,
    createdAt: String(Date.now()),
    event: event.event,
    value: (event.snapshot as { value?: unknown }).value,
    transitions: transitions.map((t) => ({
      eventType: t.eventType,
      source: pathOf(t.source),
      targets: (t.target ?? []).map(pathOf),
      ...(guardName(t.guard) ? { guard: guardName(t.guard) } : {}),
    })),
  };
}
