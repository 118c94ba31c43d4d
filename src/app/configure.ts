/** Points the identity client and the API client at the environment described by /config.json. */
import type { RuntimeConfig } from '#contracts/config.ts';
import { configureApi } from '#src/api/client.ts';
import { accessToken, configureAuth } from '#src/auth/auth.ts';

export function configureClients(config: RuntimeConfig): void {
  configureAuth(config);
  configureApi({ baseUrl: config.apiBaseUrl, accessToken });
}
