/**
 * Development-only Stately inspector. main.tsx imports this module dynamically inside
 * `if (import.meta.env.DEV)`, so none of it (nor @statelyai/inspect) reaches the production bundle.
 *
 * Switch: open the dev server with `?inspect` (or set VITE_INSPECT=true), then press "Open statechart
 * inspector": an offline inspector window opens (`?inspect=stately`: Stately's hosted one). Browsers block pop-ups outside a click, hence autoStart: false and a button; events that
 * happen before the click are buffered and replayed. Secrets are redacted at any depth (src/lib/redact.ts).
 */
import { createBrowserInspector } from '@statelyai/inspect';
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
    serialize: (event) => redact(event),
    ...(where === 'local' ? { url: new URL('/inspector/', window.location.origin).toString() } : {}),
  });
  return { inspect: inspector.inspect, open: () => inspector.start() };
}
