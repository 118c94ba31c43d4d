/**
 * Entry point: read /config.json (one build serves every environment), configure the identity client
 * and the API client, then render. A missing or malformed config gets a clear full-page message.
 */
import '#src/styles/tokens.css';
import '#src/styles/base.css';
import '#src/styles/shell.css';
import '#src/styles/components.css';
import '#src/styles/print.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as v from 'valibot';
import { RuntimeConfig } from '#contracts/config.ts';
import type { Inspect } from '#src/lib/inspect.ts';
import { FullScreen } from '#src/ui/full-screen.tsx';
import { App } from './app.tsx';
import { configureClients } from './configure.ts';

async function loadConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  const parsed = v.safeParse(RuntimeConfig, await response.json());
  if (!parsed.success) throw new Error(`/config.json is invalid: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

async function main() {
  const root = createRoot(document.getElementById('root')!);
  let config: RuntimeConfig;
  try {
    config = await loadConfig();
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
