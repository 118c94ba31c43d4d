/**
 * The SPA's run-time settings (/config.json: one build serves every environment) and pointing the
 * identity client and the API client at them.
 *
 * The server that serves the SPA inlines the settings into index.html as a JSON data block
 * (`<script type="application/json" id="portal-config">`: never executed, so the CSP's script-src 'self'
 * is untouched), so the first paint waits for no request. A static host (dist/ served elsewhere, with a
 * config.json beside it) and the Vite dev server have no such block: then /config.json is fetched.
 */
import * as v from 'valibot';
import { CONFIG_ELEMENT_ID, RuntimeConfig } from '#contracts/config.ts';
import { configureApi } from '#src/api/client.ts';
import { accessToken, configureAuth } from '#src/auth/auth.ts';

function parse(json: unknown, where: string): RuntimeConfig {
  const parsed = v.safeParse(RuntimeConfig, json);
  if (!parsed.success) throw new Error(`${where} is invalid: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** The inlined settings, else /config.json beside the page. Rejects with a message naming the source. */
export async function readConfig(doc: Document = document, fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const inline = doc.getElementById(CONFIG_ELEMENT_ID);
  if (inline?.textContent?.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(inline.textContent);
    } catch {
      throw new Error('The inlined portal configuration is not JSON');
    }
    return parse(json, 'The inlined portal configuration');
  }
  const response = await fetcher('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return parse(await response.json(), '/config.json');
}

export function configureClients(config: RuntimeConfig): void {
  configureAuth(config);
  configureApi({
    baseUrl: config.apiBaseUrl,
    mediaBaseUrl: config.mediaBaseUrl,
    appScheme: config.appScheme,
    ...(config.salesEmail ? { salesEmail: config.salesEmail } : {}),
    accessToken,
  });
}
