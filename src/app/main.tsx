/**
 * The app, started by the boot entry (boot.ts) once "Loading Application..." has been painted: read the
 * run-time settings (inlined by the server, else /config.json; see configure.ts), configure the identity
 * client and the API client, then render. A missing or malformed config gets a clear full-page message.
 * The chunk of the page the URL names starts loading at once (routes.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '#contracts/config.ts';
import type { Inspect } from '#src/lib/inspect.ts';
import { FullScreen } from '#src/ui/full-screen.tsx';
// Dialog openers are remembered from the first focus on, before any dialog's chunk has loaded.
import '#src/ui/last-focused.ts';
import { App } from './app.tsx';
import { configureClients, readConfig } from './configure.ts';

async function main() {
  const root = createRoot(document.getElementById('root')!);
  let config: RuntimeConfig;
  try {
    config = await readConfig();
  } catch (error) {
    console.error('Could not load the portal configuration:', error);
    root.render(
      <FullScreen>
        <h1>The portal could not start</h1>
        <p>Its configuration could not be loaded. Please refresh the page in a moment.</p>
      </FullScreen>,
    );
    return;
  }
  configureClients(config);

  let inspect: Inspect | undefined;
  let devtools: React.ReactNode;
  // Development only, and only on request (`?inspect` or VITE_INSPECT=true): production builds drop this branch.
  const inspectParam = new URLSearchParams(window.location.search).get('inspect');
  const wantsInspector = inspectParam !== null || import.meta.env.VITE_INSPECT === 'true';
  if (import.meta.env.DEV && wantsInspector) {
    const { DevtoolsButton, setupInspector } = await import('./devtools.tsx');
    const tools = setupInspector(inspectParam === 'stately' ? 'stately' : 'local');
    inspect = tools.inspect;
    devtools = <DevtoolsButton onOpen={tools.open} />;
  }

  root.render(
    <StrictMode>
      <App inspect={inspect} devtools={devtools} />
    </StrictMode>,
  );
}

void main();
