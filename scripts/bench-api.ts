/**
 * API benchmark: the real server (server/index.ts) and the floor (scripts/bench-floor.ts: a bare Hono
 * handler doing the same JWT check and the users/me query with the same driver), each in its own process
 * on the same data (PGlite: a copy of the server's data directory; PostgreSQL: the same database), loaded
 * from this process over loopback with autocannon. Rounds interleave the endpoints and the floor, so a
 * change in the machine's background load hits both; each figure is the median over the rounds.
 * Also times the SRP sign-in through the real Amplify client.
 * Usage: npx tsx scripts/bench-api.ts [--seconds 5] [--rounds 3] [--concurrency 16]
 * With BENCH_DATABASE_URL=postgres://.../db the run creates a fresh database on that server and drops it after.
 * Only a quiet machine gives figures worth writing down: the load generator shares its cores with the servers.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { defaultStorage } from 'aws-amplify/utils';
import { decodeJwt } from 'jose';
import { root } from './lib/build.ts';
import { scratchDatabase } from './lib/scratch-database.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string' }, rounds: { type: 'string' }, concurrency: { type: 'string' } },
});
const SECONDS = Number(values.seconds ?? 5);
const ROUNDS = Number(values.rounds ?? 3);
const CONCURRENCY = Number(values.concurrency ?? 16);
const WARMUP_SECONDS = 2;
const port = 19_000 + Math.floor(Math.random() * 1000);
const floorPort = port + 1000;
const base = `http://127.0.0.1:${port}`;
const tmp = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const dataDir = path.join(tmp, 'server');
const floorDir = path.join(tmp, 'floor');
const owner = { email: 'owner@demo.local', password: 'DemoOwner#2026' };
const customer = { email: 'customer@bench.local', password: 'Customer#2026bench' };
const postgres = process.env.BENCH_DATABASE_URL
  ? await scratchDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench')
  : undefined;

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: postgres?.url ?? '',
  DEMO_EMAIL: owner.email,
  DEMO_PASSWORD: owner.password,
  LOG_REQUESTS: 'false',
  NODE_ENV: 'development',
};
const tsx = (script: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

type Target = { label: string; url: string; token?: string };
type Run = { rps: number; p50: number; p97: number; failures: number };
const children: ChildProcess[] = [];
try {
  // The customer first: the users CLI and a server cannot open the embedded database at once.
  const created = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/users.ts',
      ...['create', '--email', customer.email, '--password', customer.password, '--group', 'Customers'],
      ...['--first', 'Casey', '--last', 'Bench'],
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`users create failed:\n${created.stdout}${created.stderr}`);

  // First start seeds the demo owner; PGlite allows one process per directory, so the floor gets a copy.
  let server = tsx('server/index.ts', []);
  await waitFor(`${base}/healthz`);
  if (!postgres) {
    await stop(server);
    cpSync(dataDir, floorDir, { recursive: true });
    server = tsx('server/index.ts', []);
    await waitFor(`${base}/healthz`);
  }
  children.push(server);

  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: 'local_OwnerPortal',
        userPoolClientId: 'owner-portal-web',
        userPoolEndpoint: `${base}/cognito/`,
      },
    },
  });
  const signIns: number[] = [];
  for (let i = 0; i < 10; i++) {
    await signOut();
    const started = performance.now();
    await signIn({ username: owner.email, password: owner.password });
    signIns.push(performance.now() - started);
  }
  const ownerToken = (await fetchAuthSession()).tokens!.accessToken.toString();
  // Forget the owner locally without signing out (signOut would revoke the token being measured).
  await defaultStorage.clear();
  await signIn({ username: customer.email, password: customer.password });
  const customerToken = (await fetchAuthSession()).tokens!.accessToken.toString();

  const floor = tsx('scripts/bench-floor.ts', [], {
    PORT: String(floorPort),
    DATA_DIR: floorDir,
    TOKEN_ISSUER: String(decodeJwt(ownerToken).iss),
  });
  children.push(floor);
  await waitFor(`http://127.0.0.1:${floorPort}/floor`, ownerToken);

  const targets: Target[] = [
    { label: 'GET /healthz', url: `${base}/healthz` },
    { label: 'GET /api/users/me', url: `${base}/api/users/me`, token: ownerToken },
    { label: 'GET /api/businesses/me', url: `${base}/api/businesses/me`, token: ownerToken },
    { label: 'GET /api/customer/me', url: `${base}/api/customer/me`, token: customerToken },
    { label: 'floor (bare Hono: JWT + users query)', url: `http://127.0.0.1:${floorPort}/floor`, token: ownerToken },
  ];
  for (const target of targets) await load(target, WARMUP_SECONDS);
  const runs = new Map<Target, Run[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) runs.get(target)!.push(await load(target, SECONDS));
  }

  console.log(
    `\ndatabase: ${postgres ? 'PostgreSQL' : 'PGlite'}; ${ROUNDS} interleaved rounds of ${SECONDS} s per endpoint ` +
      `(after ${WARMUP_SECONDS} s to warm up), ${CONCURRENCY} connections; medians over the rounds`,
  );
  console.log(
    `Amplify SRP sign-in (2 round trips, client maths included): p50 ${pct(signIns, 50)} ms, p95 ${pct(signIns, 95)} ms\n`,
  );
  const floorRps = median(runs.get(targets.at(-1)!)!.map((run) => run.rps));
  console.log('| endpoint | req/s | p50 ms | p97.5 ms | non-2xx | × floor |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [target, list] of runs) {
    const rps = median(list.map((run) => run.rps));
    const p50 = median(list.map((run) => run.p50));
    const p97 = median(list.map((run) => run.p97));
    const failures = list.reduce((sum, run) => sum + run.failures, 0);
    console.log(
      `| ${target.label} | ${rps.toFixed(0)} | ${p50} | ${p97} | ${failures} | ${(rps / floorRps).toFixed(2)} |`,
    );
  }
} finally {
  for (const child of children) await stop(child);
  rmSync(tmp, { recursive: true, force: true });
  await postgres?.drop();
}

/** autocannon (raw sockets, keep-alive) keeps the load generator's own cost low. */
async function load(target: Target, seconds: number): Promise<Run> {
  const result = await autocannon({
    url: target.url,
    duration: seconds,
    connections: CONCURRENCY,
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
  });
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p97: result.latency.p97_5,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function waitFor(url: string, token?: string) {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (response.ok) return;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

function pct(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
}
