/** A database seeded in development, then run with NODE_ENV=production: the published demo password stops working. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Listening, listen } from '../../server/boot.ts';
import { defaultEnv } from '../../server/env.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { CognitoCallError, srpTokens } from './support/amplify.ts';

let development: TestServer;
let production: Listening | undefined;
beforeAll(async () => {
  // Without the housekeeping schedule, as demo-fixtures has it: a quarter-hour tick during the seed
  // purges the demo's upload links, dated days back, between a picture's upload and its post.
  development = await startTestServer({ demo: true, housekeeping: false });
});
afterAll(async () => {
  await production?.close();
  await development?.stop();
});

describe('the demo owner in production', () => {
  it('must choose a new password once a database seeded in development runs in production', async () => {
    expect((await srpTokens(development, 'owner@demo.local', 'DemoOwner#2026')).AccessToken).toBeTruthy();

    const env = defaultEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', LOG_REQUESTS: 'false' });
    const logs: string[] = [];
    const log = { info: (line: string) => logs.push(line), error: (line: string) => logs.push(line) };
    const { app } = await boot({ env, database: development.database, log });
    production = await listen(app.fetch, 0, '127.0.0.1');
    const url = production.url;
    const server = { request: (p: string, init?: RequestInit) => fetch(new URL(p, url), init), env };

    // The right (published) password now leads to the reset, as Cognito's RESET_REQUIRED does.
    const refused = await srpTokens(server, 'owner@demo.local', 'DemoOwner#2026').catch((error) => error);
    expect(refused).toBeInstanceOf(CognitoCallError);
    expect((refused as CognitoCallError).type).toBe('PasswordResetRequiredException');
    expect(logs).toContain(
      'owner@demo.local still had the published demo password: it must reset its password to sign in.',
    );
  });
});
