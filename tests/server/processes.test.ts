/**
 * The server and the users CLI as real processes: what they refuse at start, the lock on the embedded
 * database's directory, and what the listening socket lets in. They run on the embedded database
 * whatever the project (the lock exists only there), so the PostgreSQL run leaves them to the PGlite one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CognitoCallError, srpTokens } from './support/amplify.ts';
import {
  childEnv,
  freePort,
  migratedDataDir,
  root,
  runToEnd,
  type Served,
  startServer,
  tempDataDir,
} from './support/processes.ts';

const embeddedOnly = process.env.TEST_DB === 'postgres';
const dirs: string[] = [];
/** An empty directory, or (`migrated`) one the users command has already made its database in. */
const dataDir = (migrated?: 'migrated') => {
  const dir = migrated ? migratedDataDir() : tempDataDir();
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A raw-protocol sign-in against a server process (the local pool's default ids). */
const signInAt = (served: Served, email: string, password: string) =>
  srpTokens(
    {
      request: (p, init) => fetch(new URL(p, served.url), init),
      env: { USER_POOL_ID: 'local_OwnerPortal', USER_POOL_CLIENT_ID: 'owner-portal-web' } as never,
    },
    email,
    password,
  );

const users = (env: NodeJS.ProcessEnv, ...args: string[]) => runToEnd('scripts/users.ts', args, env);

describe.skipIf(embeddedOnly)('production start', { timeout: 180_000 }, () => {
  it('refuses to start without a mail transport, with one line saying what to set', async () => {
    const dir = path.join(dataDir(), 'never-created');
    const result = await runToEnd('server/index.ts', [], childEnv({ NODE_ENV: 'production', DATA_DIR: dir }));
    expect(result.code).toBe(1);
    expect(result.output.trim().split('\n')).toEqual([
      'NODE_ENV=production needs a mail transport: set SMTP_URL=smtp://user:pass@host:587, or verification and password-reset e-mails would silently go nowhere.',
    ]);
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses DEMO_SEED=true with the published demo password', async () => {
    const env = childEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', DEMO_SEED: 'true' });
    const result = await runToEnd('server/index.ts', [], { ...env, DATA_DIR: dataDir() });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/DEMO_SEED=true with NODE_ENV=production needs your own DEMO_PASSWORD/);
  });

  it('seeds no demo owner, says it is in production, and has no mailbox', async () => {
    const port = await freePort();
    const env = childEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PORT: String(port) });
    const server = await startServer({ ...env, DATA_DIR: dataDir() });
    try {
      expect(server.output()).toMatch(/Mode {9}production/);
      expect(server.output()).not.toMatch(/Demo owner|DemoOwner#2026|Mailbox/);
      const attempt = await signInAt(server, 'owner@demo.local', 'DemoOwner#2026').catch((error) => error);
      expect(attempt).toBeInstanceOf(CognitoCallError);
      expect((attempt as CognitoCallError).type).toBe('NotAuthorizedException');
      expect((await fetch(`${server.url}/dev/mailbox.json`)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe.skipIf(embeddedOnly)('the embedded database lock', { timeout: 240_000 }, () => {
  it('refuses a CLI command while the server runs on the data directory, and nothing is lost', async () => {
    const dir = dataDir('migrated');
    const port = await freePort();
    const env = childEnv({ PORT: String(port), DATA_DIR: dir });
    const server = await startServer(env);
    const lockFile = path.join(dir, 'portal.lock');
    try {
      expect(server.output()).toMatch(/Mode {9}development/);
      // The lock names the server's own process.
      const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
      expect(lock.holder).toBe('the portal server (npm start)');
      expect(() => process.kill(lock.pid, 0)).not.toThrow();
      // Someone registers while the server runs.
      const registered = await fetch(`${server.url}/api/public/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({
          firstName: 'Ada',
          lastName: 'Baker',
          email: 'ada@example.com',
          password: 'Bread&Butter1',
          businessName: 'Bakery',
        }),
      });
      expect(registered.status).toBe(201);

      const create = await users(env, 'create', '--email', 'cli@example.com', '--password', 'Cli#Owner2026');
      expect(create.code).toBe(1);
      const lines = create.output.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/is in use by the portal server \(npm start\) \(pid \d+\)/);
      expect(lines[0]).toMatch(/Stop that process first .*or use PostgreSQL \(DATABASE_URL\)/);
      expect((await users(env, 'list')).code).toBe(1);

      // The server noticed nothing.
      expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
      expect((await signInAt(server, 'owner@demo.local', 'DemoOwner#2026')).AccessToken).toBeTruthy();
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(lockFile)).toBe(false);

    const list = await users(env, 'list');
    expect(list.code).toBe(0);
    expect(list.output).toContain('owner@demo.local');
    expect(list.output).toContain('ada@example.com');
    expect(list.output).not.toContain('cli@example.com');
    expect(existsSync(lockFile)).toBe(false);
  });

  it('npm run simulate finds the running server through the lock (no PORT needed) and says a refusal in one line', async () => {
    const dir = dataDir('migrated');
    const port = await freePort();
    const server = await startServer(childEnv({ PORT: String(port), DATA_DIR: dir }));
    try {
      const lock = JSON.parse(readFileSync(path.join(dir, 'portal.lock'), 'utf8'));
      expect(lock.url).toBe(`http://127.0.0.1:${port}`);
      // PORT is not this server's: the lock names it, so the customers go over HTTP, not to a locked database.
      const env = childEnv({ DATA_DIR: dir, PORT: String(await freePort()) });
      const simulated = await runToEnd(
        'scripts/simulate.ts',
        ['--business', 'demo', '--customers', '1', '--follow'],
        env,
      );
      expect(simulated.output).toContain(`over HTTP at http://127.0.0.1:${port}`);
      expect(simulated.output).not.toMatch(/Stop that process first/);
      expect(simulated.code).toBe(0);
      // "Second flat white on us" is inactive: the server's reason, on one line, no stack trace.
      const refused = await runToEnd(
        'scripts/simulate.ts',
        ['--business', 'demo', '--customers', '1', '--claim', 'Second flat white on us'],
        env,
      );
      expect(refused.code).toBe(1);
      const errors = refused.output.split('\n').filter((line) => /error/i.test(line));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^Error: claim answered 4\d\d: \S/);
      expect(refused.output).not.toMatch(/^\s+at /m);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = dataDir('migrated');
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify({ pid: gone, holder: 'a crashed server' }));
    const env = childEnv({ DATA_DIR: dir });
    const create = await users(env, 'create', '--email', 'first@example.com', '--password', 'First#Owner2026');
    expect(create.output).toMatch(/Created first@example.com/);
    expect(create.code).toBe(0);
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });

  it('applies the password rule in the CLI, with the same plain messages', async () => {
    const env = childEnv({ DATA_DIR: dataDir() });
    const common = await users(env, 'create', '--email', 'x@example.com', '--password', 'iloveyou');
    expect(common.code).toBe(2);
    expect(common.output).toContain(
      'Error: --password: This password is too common. Choose one that is harder to guess.',
    );
    const email = await users(env, 'create', '--email', 'long.name@example.com', '--password', 'Long.Name@example.com');
    expect(email.output).toContain("Error: --password: Don't use your e-mail address as your password.");
  });
});

/** Network namespaces need root (CI and this machine's kind run as root). */
const canUnshare = spawnSync('unshare', ['--net', 'true']).status === 0;
if (!canUnshare && !embeddedOnly) {
  console.warn('processes.test.ts: cannot create a network namespace (unshare --net); the exposure test is skipped.');
}

describe.skipIf(embeddedOnly || !canUnshare)('what the network reaches', { timeout: 300_000 }, () => {
  it('by default nothing but loopback; with HOST=0.0.0.0 the server, but never the mailbox', async () => {
    // A namespace of our own where 192.0.2.10 is this machine's non-loopback address: no traffic leaves it.
    const probe = spawnSync(
      'unshare',
      [
        '--net',
        'sh',
        '-c',
        `PATH="$PATH:/usr/sbin:/sbin"; ip link set lo up && ip addr add 192.0.2.10/32 dev lo && exec "${process.execPath}" node_modules/tsx/dist/cli.mjs tests/server/support/netns-probe.ts 192.0.2.10`,
      ],
      { cwd: root, encoding: 'utf8', timeout: 240_000, env: childEnv({}) },
    );
    const last = probe.stdout.trim().split('\n').at(-1) ?? '';
    expect(probe.status, `${probe.stdout}\n${probe.stderr}`).toBe(0);
    expect(JSON.parse(last)).toEqual({
      defaultLoopback: 200,
      defaultOutside: 'ECONNREFUSED',
      exposedOutside: 200,
      mailboxOutside: 403,
      mailboxOutsideSpoofed: 403,
      mailboxPageOutside: 403,
      mailboxLoopback: 200,
    });
  });
});
