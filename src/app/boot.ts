/**
 * The page's entry (index.html): small, so it runs as soon as the HTML has named it. For an owner whose
 * stored tokens are valid it sends the first GETs of the session, the shell and the page at once
 * (owners.ts, src/api/early.ts), instead of after the app's code has downloaded and run. It lets the
 * browser paint index.html's "Loading Application..." (spec §2) before that code runs, then starts the
 * app (main.tsx, whose chunks index.html names as modulepreloads, so they download beside this one).
 * Decision 031.
 */
import '#src/styles/tokens.css';
import '#src/styles/base.css';
import '#src/styles/shell.css';
import '#src/styles/components.css';
import '#src/styles/print.css';
import { CONFIG_ELEMENT_ID } from '#contracts/config-element.ts';
import { sendEarly } from '#src/api/early.ts';
import { storedSession } from '#src/auth/stored-session.ts';
import { OWNERS_GROUP, PAGE_GETS, SESSION_GETS } from './owners.ts';

/** The inlined settings the early GETs need; the app itself parses and checks the whole block (configure.ts). */
function inlinedSettings(): { clientId: string; apiBaseUrl: string } | undefined {
  try {
    const config = JSON.parse(document.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? '');
    const clientId: unknown = config?.auth?.userPoolClientId;
    const apiBaseUrl: unknown = config?.apiBaseUrl;
    if (typeof clientId !== 'string') return undefined;
    return { clientId, apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl : '' };
  } catch {
    return undefined; // no inlined block (a static host, the dev server): the app asks when it has started
  }
}

function sendFirstGets(): void {
  const settings = inlinedSettings();
  const session = settings && storedSession(settings.clientId);
  if (!settings || !session?.groups.includes(OWNERS_GROUP)) return;
  const page = window.location.pathname.replace(/(.)\/+$/, '$1');
  sendEarly([...SESSION_GETS, ...(PAGE_GETS[page] ?? [])], session.accessToken, settings.apiBaseUrl);
}

/** After the next frame has been painted; at once in a hidden tab, which paints no frames. */
function afterPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

// index.html names this entry last in its body (vite.config.ts): the settings and #root are parsed.
sendFirstGets();
void afterPaint().then(() => import('./main.tsx'));
