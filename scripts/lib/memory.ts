/**
 * What holds a server's memory, for scripts/bench-api.ts --probe-memory: the server runs with
 * scripts/lib/memory-probe.cjs preloaded; `probeMemory` signals it and reads back its resident size
 * beside V8's heap (used and reserved) and the memory Node reports outside it, as it is and after a full
 * collection. RSS far above the reserved heap and external memory is native (malloc arenas, PGlite's
 * WASM memory, code); heap used that falls after a full collection was garbage not yet collected; heap
 * used that stays is live (a leak if it grows with requests).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './build.ts';

export const PROBE_SCRIPT = path.join(root, 'scripts/lib/memory-probe.cjs');

/** The environment that preloads the probe (--expose-gc so it can force a full collection). */
export const probeEnv = (file: string): NodeJS.ProcessEnv => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --require ${PROBE_SCRIPT}`.trim(),
  MEMORY_PROBE_FILE: file,
});

/** The Node processes of a tree (tsx runs the server in a child; esbuild's service is not Node). */
function nodeProcesses(pid: number): number[] {
  const children = (p: number): number[] => {
    try {
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      return kids.map(Number).flatMap((kid) => [kid, ...children(kid)]);
    } catch {
      return [];
    }
  };
  return [pid, ...children(pid)].filter((p) => {
    try {
      return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  });
}

/**
 * CPU time (ms, user + system) spent so far by a process tree's Node processes, from /proc: per request it
 * is a cost figure that holds up on a busy machine better than requests per second do.
 */
export function treeCpuMs(pid: number): number {
  const tick = 10; // USER_HZ is 100 on Linux
  return nodeProcesses(pid).reduce((sum, p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      return sum;
    }
  }, 0);
}

type Sample = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

/** One line: the largest Node process of the tree (the server), as is and after a full collection. */
export async function probeMemory(pid: number, file: string): Promise<string> {
  writeFileSync(file, '');
  for (const p of nodeProcesses(pid)) process.kill(p, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 1500));
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { before: Sample; after: Sample });
  const server = lines.sort((a, b) => b.before.rss - a.before.rss)[0];
  if (!server) return 'no answer from the memory probe';
  const show = (s: Sample) =>
    `RSS ${s.rss} MB, heap ${s.heapUsed} of ${s.heapTotal} MB, external ${s.external} MB (array buffers ${s.arrayBuffers})`;
  return `${show(server.before)}; after a full GC: ${show(server.after)}`;
}
