/**
 * Measures `npm start`'s server: time from process start to a healthy /healthz on a fresh data
 * directory (first start: migrations + seed) and on the same directory again (second start), and the
 * resident memory of the running process. The SPA must already be built (npm run build).
 * Usage: npx tsx scripts/measure-start.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib/build.ts';

const port = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));

async function once(label: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const ready = (performance.now() - started) / 1000;
  // Settle, then read RSS of the server process (tsx runs the server in a child of `child`).
  await new Promise((r) => setTimeout(r, 1500));
  const pids = [child.pid!, ...readChildren(child.pid!)];
  const rss = Math.max(...pids.map(rssOf));
  console.log(`${label}: ready in ${ready.toFixed(2)} s, RSS ${(rss / 1024).toFixed(0)} MB`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function readChildren(pid: number): number[] {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return kids.flatMap((kid) => [kid, ...readChildren(kid)]);
  } catch {
    return [];
  }
}
function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, '') ?? 0);
  } catch {
    return 0;
  }
}

await once('first start (fresh data dir: migrate + seed)');
await once('second start (existing data dir)');
rmSync(dataDir, { recursive: true, force: true });
