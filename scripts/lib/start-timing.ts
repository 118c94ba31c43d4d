/**
 * Start-up timing shared by scripts/bench-api.ts and scripts/measure-start.ts (docs/benchmarks.md,
 * "Start-up and memory"):
 * - `npm start` to a healthy /healthz on a fresh database (cold: migrations and the demo seed) and on the
 *   same one again (warm), the SPA and the server bundle already built (a first start builds them);
 * - the floor: the same launcher running a bare Node + Hono process, `npm exec -- node scripts/bare.mjs`
 *   (npm's own start-up is in both);
 * - the server's resident memory 1.5 s after it is healthy (and, warm, again after it settled), beside a
 *   memory floor of the database alone: PGlite opened on the same data directory, with the server's start
 *   parameters, after one `select 1`
 *   (scripts/lib/floor-pglite.mjs), or node:http with a pg Pool answering `select 1`
 *   (scripts/lib/floor-pg.mjs); each floor runs with the server's Node flags (serverNodeFlags: the same
 *   young generation and the same number of V8 background threads, whose allocator arenas are part of
 *   PGlite's own resident memory, decision 034).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PGLITE_EXTRA_START_PARAMS } from '../../server/db/pglite.ts';
import { buildServer, buildSpa, needsBuild, needsServerBuild, root, serverNodeFlags } from './build.ts';

const IDLE_MS = 1500;
const SETTLE_MS = 10_000;

type Timed = { seconds: number; rss: number; settled?: number };

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

export async function startUpFigures(options: {
  env: NodeJS.ProcessEnv;
  port: number;
  floorPort: number;
  dataDir: string;
  databaseUrl?: string;
}): Promise<string> {
  // The builds are not what is measured (a first start after a change builds; docs/benchmarks.md).
  if (needsBuild()) buildSpa();
  if (needsServerBuild()) await buildServer();
  const detached = (command: string, args: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | 'ignore' = 'ignore') =>
    spawn(command, args, { cwd: root, env, stdio: ['ignore', stdout, 'ignore'], detached: true });
  const npmStart = () =>
    detached('npm', ['start', '--silent'], {
      ...options.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_SEED: 'true',
    });
  const health = (port: number) => `http://127.0.0.1:${port}/healthz`;
  /** Spawn to ready (a healthy /healthz, or a "ready" line), then RSS after IDLE_MS (and after SETTLE_MS). */
  const timed = async (start: () => ChildProcess, ready: string, settle = false): Promise<Timed> => {
    const t = performance.now();
    const child = start();
    if (ready === 'stdout') await readyLine(child);
    else await waitFor(ready, undefined, 5);
    const seconds = (performance.now() - t) / 1000;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const rss = treeRss(child.pid!);
    let settled: number | undefined;
    if (settle) {
      await new Promise((r) => setTimeout(r, SETTLE_MS - IDLE_MS));
      settled = treeRss(child.pid!);
    }
    await stopGroup(child);
    return { seconds, rss, settled };
  };

  const cold = await timed(npmStart, health(options.port));
  const warm = await timed(npmStart, health(options.port), true);
  const bare = await timed(
    () =>
      detached('npm', ['exec', '--no', '--', 'node', 'scripts/bare.mjs'], {
        ...options.env,
        PORT: String(options.floorPort),
      }),
    health(options.floorPort),
  );
  const memoryFloor = options.databaseUrl
    ? await timed(
        () =>
          detached(process.execPath, [...serverNodeFlags, 'scripts/lib/floor-pg.mjs'], {
            ...options.env,
            PORT: String(options.floorPort),
            DATABASE_URL: options.databaseUrl,
          }),
        health(options.floorPort),
      )
    : await timed(
        () =>
          detached(
            process.execPath,
            [...serverNodeFlags, 'scripts/lib/floor-pglite.mjs'],
            {
              ...options.env,
              DATA_DIR: options.dataDir,
              // The same database as the server's: PGlite with the server's buffer cache (decision 033).
              PGLITE_EXTRA_START_PARAMS: JSON.stringify(PGLITE_EXTRA_START_PARAMS),
            },
            'pipe',
          ),
        'stdout',
      );
  const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  const floorName = options.databaseUrl ? 'node:http + pg Pool, select 1' : 'PGlite alone on the data directory';
  return [
    `${database}: npm start to a healthy /healthz (SPA and server bundle built; cold = fresh database, demo seeded)`,
    `  cold ${cold.seconds.toFixed(2)} s, warm ${warm.seconds.toFixed(2)} s; floor (npm exec -- node scripts/bare.mjs) ` +
      `${bare.seconds.toFixed(2)} s; warm ${ratio(warm.seconds, bare.seconds)} floor, cold ${ratio(cold.seconds, bare.seconds)}`,
    `  RSS ${IDLE_MS / 1000} s after ready: cold ${mb(cold.rss)}, warm ${mb(warm.rss)} ` +
      `(${mb(warm.settled ?? 0)} after ${SETTLE_MS / 1000} s); floor (${floorName}) ${mb(memoryFloor.rss)}; ` +
      `warm ${ratio(warm.rss, memoryFloor.rss)} floor; bare Hono ${mb(bare.rss)}`,
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  ].join('\n');
}

/** Resolves at the child's "ready" line on stdout (the PGlite memory floor). */
function readyLine(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready`)));
  });
}

export async function waitFor(url: string, headers: Record<string, string> = {}, pollMs = 100) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error(`${url} did not answer within 120 s`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** npm starts the server in a child (through a shell): stop the whole process group. */
export async function stopGroup(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  await new Promise((r) => setTimeout(r, 300));
}

/** Resident memory (KB) of the largest process in a tree (npm runs the server in a child). */
export function treeRss(pid: number): number {
  const children = (p: number): number[] => {
    try {
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      return kids.flatMap((kid) => [kid, ...children(kid)]);
    } catch {
      return [];
    }
  };
  return Math.max(
    ...[pid, ...children(pid)].map((p) => {
      try {
        const line = readFileSync(`/proc/${p}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith('VmRSS:'));
        return Number(line?.replace(/\D+/g, '') ?? 0);
      } catch {
        return 0;
      }
    }),
  );
}
