/**
 * Start-up timing shared by scripts/bench-api.ts and scripts/measure-start.ts: `npm start` to a healthy
 * /healthz on a fresh data dir (cold: migrations and the demo seed) and on the same one again (warm),
 * beside the floor, tsx running a bare Hono process; and resident memory read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSpa, needsBuild, root } from './build.ts';

export async function startUpFigures(options: {
  env: NodeJS.ProcessEnv;
  port: number;
  floorPort: number;
  dataDir: string;
  databaseUrl?: string;
}): Promise<string> {
  // The build is not what is measured (a first start after a change builds; docs/benchmarks.md).
  if (needsBuild()) buildSpa();
  const npmStart = () =>
    spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...options.env,
        PORT: String(options.port),
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        DEMO_SEED: 'true',
      },
      stdio: 'ignore',
      detached: true,
    });
  const timed = async (start: () => ChildProcess, url: string) => {
    const t = performance.now();
    const child = start();
    await waitFor(url, undefined, 5);
    const seconds = (performance.now() - t) / 1000;
    await new Promise((r) => setTimeout(r, 1500));
    const rss = treeRss(child.pid!);
    await stopGroup(child);
    return `${seconds.toFixed(2)} s (RSS ${(rss / 1024).toFixed(0)} MB)`;
  };
  const health = (port: number) => `http://127.0.0.1:${port}/healthz`;
  const cold = await timed(npmStart, health(options.port));
  const warm = await timed(npmStart, health(options.port));
  const bare = await timed(
    () =>
      spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/lib/bare-server.ts'], {
        cwd: root,
        env: { ...options.env, PORT: String(options.floorPort) },
        stdio: 'ignore',
        detached: true,
      }),
    health(options.floorPort),
  );
  const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  return (
    `npm start to ready (${database}, SPA already built, demo seeded on the cold start): cold ${cold}, ` +
    `warm ${warm}; floor (tsx running a bare Hono process) ${bare}`
  );
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

/** npm and tsx each start a child: stop the whole process group. */
export async function stopGroup(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  await new Promise((r) => setTimeout(r, 300));
}

/** Resident memory (KB) of the largest process in a tree (npm and tsx each run the server in a child). */
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
