/**
 * `npm run users -- delete` and `-- reset` as real processes, so that every QA scenario can be walked
 * again (docs/test-plans/README.md): a deleted account can be made again with the same e-mail, its
 * business gone with it; a reset password signs in and a temporary one asks for a new password again.
 * On PostgreSQL both work while the server runs; on the embedded database they refuse with one line while
 * the server holds its lock, and work once it is stopped.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from './harness.ts';
import { srpSignIn, srpTokens } from './support/amplify.ts';
import {
  childEnv,
  freePort,
  migratedDataDir,
  runToEnd,
  type Served,
  startServer,
  tempDataDir,
} from './support/processes.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const users = (env: NodeJS.ProcessEnv, ...args: string[]) => runToEnd('scripts/users.ts', args, env);
const TEMP = { email: 'temp.walker@example.com', password: 'Temp#Walker2026' };
const NEW_PASSWORD = 'Fresh#Walker2026';

const client = (served: Served) => ({
  request: (p: string, init?: RequestInit) => fetch(new URL(p, served.url), init),
  env: { USER_POOL_ID: 'local_OwnerPortal', USER_POOL_CLIENT_ID: 'owner-portal-web' } as never,
});
/** What signing in answers: tokens, a challenge's name, or the refusal. */
async function signInAs(served: Served, password: string): Promise<string> {
  try {
    const result = await srpSignIn(client(served), TEMP.email, password);
    return result.AuthenticationResult ? 'signed in' : String(result.ChallengeName);
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}
const businessName = async (served: Served) => {
  const { AccessToken } = await srpTokens(client(served), TEMP.email, TEMP.password);
  const me = await fetch(`${served.url}/api/businesses/me`, { headers: { authorization: `Bearer ${AccessToken}` } });
  return ((await me.json()) as { businessname: string }).businessname;
};
const create = (env: NodeJS.ProcessEnv, business: string, ...more: string[]) =>
  users(env, 'create', '--email', TEMP.email, '--password', TEMP.password, '--business', business, ...more);

describe('users delete and reset', { timeout: 240_000 }, () => {
  it.runIf(onPostgres)('work while the server runs on PostgreSQL', async () => {
    const scratch = await emptyPostgresDatabase();
    cleanups.push(scratch.drop);
    const env = childEnv({ DATABASE_URL: scratch.url, DEMO_SEED: 'false', PORT: String(await freePort()) });
    const server = await startServer(env);
    try {
      expect((await create(env, 'First Tea Room')).code).toBe(0);
      expect(await businessName(server)).toBe('First Tea Room');

      const deleted = await users(env, 'delete', '--email', TEMP.email.toUpperCase());
      expect(deleted.code).toBe(0);
      expect(deleted.output).toMatch(
        /^Deleted temp\.walker@example\.com \(user id .+\) and everything that was theirs\.$/m,
      );
      expect(await signInAs(server, TEMP.password)).toMatch(/^refused/);
      const again = await users(env, 'delete', '--email', TEMP.email);
      expect([again.code, again.output.trim()]).toEqual([
        1,
        'Error: there is no user with the e-mail temp.walker@example.com.',
      ]);

      // Made again with the same e-mail: a new business, nothing left of the first.
      expect((await create(env, 'Second Tea Room')).code).toBe(0);
      expect(await businessName(server)).toBe('Second Tea Room');

      const reset = await users(env, 'reset', '--email', TEMP.email, '--password', NEW_PASSWORD);
      expect(reset.code).toBe(0);
      expect(await signInAs(server, TEMP.password)).toMatch(/^refused/);
      expect(await signInAs(server, NEW_PASSWORD)).toBe('signed in');
      const temporary = ['--password', TEMP.password, '--status', 'FORCE_CHANGE_PASSWORD'];
      expect((await users(env, 'reset', '--email', TEMP.email, ...temporary)).code).toBe(0);
      expect(await signInAs(server, TEMP.password)).toBe('NEW_PASSWORD_REQUIRED');
    } finally {
      await server.stop();
    }
  });

  it.runIf(!onPostgres)(
    'on the embedded database: refused with one line while the server runs, then applied',
    async () => {
      const dir = migratedDataDir();
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const env = childEnv({ DATA_DIR: dir, DEMO_SEED: 'false', PORT: String(await freePort()) });
      expect((await create(env, 'First Tea Room', '--status', 'FORCE_CHANGE_PASSWORD')).code).toBe(0);
      let server = await startServer(env);
      for (const command of [
        ['delete', '--email', TEMP.email],
        ['reset', '--email', TEMP.email, '--password', NEW_PASSWORD],
      ]) {
        const refused = await users(env, ...command);
        expect(refused.code).toBe(1);
        expect(refused.output.trim().split('\n')).toHaveLength(1);
        expect(refused.output).toMatch(/Stop that process first .*or use PostgreSQL \(DATABASE_URL\)/);
      }
      expect(await signInAs(server, TEMP.password)).toBe('NEW_PASSWORD_REQUIRED');
      await server.stop();

      expect((await users(env, 'reset', '--email', TEMP.email, '--password', NEW_PASSWORD)).code).toBe(0);
      server = await startServer(env);
      try {
        expect(await signInAs(server, NEW_PASSWORD)).toBe('signed in');
      } finally {
        await server.stop();
      }
      expect((await users(env, 'delete', '--email', TEMP.email)).code).toBe(0);
      expect((await create(env, 'Second Tea Room')).code).toBe(0);
      server = await startServer(env);
      try {
        expect(await businessName(server)).toBe('Second Tea Room');
      } finally {
        await server.stop();
      }
    },
  );

  it('refuses bad input with its usage', async () => {
    const dir = tempDataDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = childEnv({ DATA_DIR: dir, DEMO_SEED: 'false' });
    const noEmail = await users(env, 'delete');
    expect([noEmail.code, noEmail.output]).toEqual([2, expect.stringContaining('--email must be an e-mail address.')]);
    const weak = await users(env, 'reset', '--email', TEMP.email, '--password', 'iloveyou');
    expect(weak.code).toBe(2);
    const status = await users(
      env,
      'reset',
      '--email',
      TEMP.email,
      '--password',
      NEW_PASSWORD,
      '--status',
      'UNCONFIRMED',
    );
    expect([status.code, status.output]).toEqual([2, expect.stringContaining('--status must be one of')]);
  });
});
