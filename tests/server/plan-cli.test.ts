/**
 * `npm run users -- plan` as a real process, with the server as a real process: on PostgreSQL it moves a
 * business while the server runs and the package page's API shows it at once; the embedded database
 * allows one process, so there the command refuses while the server runs and works once it is stopped.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from './harness.ts';
import { srpTokens } from './support/amplify.ts';
import { childEnv, freePort, migratedDataDir, runToEnd, type Served, startServer } from './support/processes.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const users = (env: NodeJS.ProcessEnv, ...args: string[]) => runToEnd('scripts/users.ts', args, env);
const OWNER = { email: 'plan.owner@example.com', password: 'Plan#Owner2026' };

async function packageOf(served: Served) {
  const { AccessToken } = await srpTokens(
    {
      request: (p, init) => fetch(new URL(p, served.url), init),
      env: { USER_POOL_ID: 'local_OwnerPortal', USER_POOL_CLIENT_ID: 'owner-portal-web' } as never,
    },
    OWNER.email,
    OWNER.password,
  );
  const headers = { authorization: `Bearer ${AccessToken}` };
  const me = (await (await fetch(`${served.url}/api/businesses/me`, { headers })).json()) as { businessid: string };
  const answer = await fetch(`${served.url}/api/packages/usage/${me.businessid}/dashboard`, { headers });
  return ((await answer.json()) as { data: { package: { package_name: string } } }).data.package;
}

describe('users plan', { timeout: 240_000 }, () => {
  it.runIf(onPostgres)(
    'moves a business to a plan at a negotiated price while the server runs on PostgreSQL',
    async () => {
      const scratch = await emptyPostgresDatabase();
      cleanups.push(scratch.drop);
      const env = childEnv({ DATABASE_URL: scratch.url, DEMO_SEED: 'false', PORT: String(await freePort()) });
      const server = await startServer(env);
      try {
        expect((await users(env, 'create', '--email', OWNER.email, '--password', OWNER.password)).code).toBe(0);
        const moved = await users(env, 'plan', '--email', OWNER.email, '--plan', 'Pro', '--price', '39');
        expect(moved.output.trim()).toBe(`"plan.owner's Business" is now on Pro at $39.00 a month.`);
        expect(await packageOf(server)).toEqual({
          package_name: 'Pro',
          negotiated_monthly_price: 39,
          billing_cycle: 'month',
          custom_branding_enabled: true,
        });
      } finally {
        await server.stop();
      }
    },
  );

  it.runIf(!onPostgres)('on the embedded database: refused while the server runs, then applied', async () => {
    const dir = migratedDataDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = childEnv({ DATA_DIR: dir, DEMO_SEED: 'false', PORT: String(await freePort()) });
    expect((await users(env, 'create', '--email', OWNER.email, '--password', OWNER.password)).code).toBe(0);
    let server = await startServer(env);
    const refused = await users(env, 'plan', '--email', OWNER.email, '--plan', 'Starter');
    expect(refused.code).toBe(1);
    expect(refused.output.trim().split('\n')).toHaveLength(1);
    expect(refused.output).toMatch(/Stop that process first .*or use PostgreSQL \(DATABASE_URL\) to run both at once/);
    expect((await packageOf(server)).package_name).toBe('Free');
    await server.stop();

    const moved = await users(env, 'plan', '--email', OWNER.email, '--plan', 'starter');
    expect(moved.code).toBe(0);
    server = await startServer(env);
    try {
      expect(await packageOf(server)).toEqual({
        package_name: 'Starter',
        negotiated_monthly_price: 19,
        billing_cycle: 'month',
        custom_branding_enabled: false,
      });
    } finally {
      await server.stop();
    }
  });
});
