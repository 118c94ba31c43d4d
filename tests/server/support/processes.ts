/**
 * The product as separate processes, for what only a real process shows: start-up refusals, the
 * data-directory lock between the server and the CLI, what the listening socket lets in. No vitest
 * imports here (tests/server/support/netns-probe.ts runs outside vitest).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processBundleDir, serverNodeFlags } from '../../../scripts/lib/build.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-process-'));

/**
 * A data directory as the users command leaves it on its first run: the embedded database made and
 * migrated, no one in it. Made once per run (`makeMigratedDataTemplate`, tests/server/global-setup.ts).
 */
const migratedTemplate = path.join(processBundleDir, 'migrated-data');

/**
 * A copy of that directory, for the tests of the lock, the commands and the network, where PGlite's
 * initdb (about 8 CPU-seconds on two cores) is not what is tested. A first start on an empty directory
 * still is: the production start in processes.test.ts and the short-link stack of tests/e2e/account.test.ts.
 */
export function migratedDataDir(): string {
  const dir = tempDataDir();
  cpSync(migratedTemplate, dir, { recursive: true });
  return dir;
}

/** Makes the template with the bundled users command (dist-processes/ must be built). */
export async function makeMigratedDataTemplate(): Promise<void> {
  if (existsSync(migratedTemplate)) return;
  const making = tempDataDir();
  const listed = await runToEnd('scripts/users.ts', ['list'], childEnv({ DATA_DIR: making }));
  if (listed.code !== 0) throw new Error(`users list on an empty data directory failed:\n${listed.output}`);
  try {
    renameSync(making, migratedTemplate);
  } catch {
    // tmpdir() may be another file system: copy instead. Another project's set-up may have made it first.
    if (!existsSync(migratedTemplate)) cpSync(making, migratedTemplate, { recursive: true });
    rmSync(making, { recursive: true, force: true });
  }
}

/** A clean environment for a child: none of the test runner's database or mode settings leak in. */
export const childEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_REQUESTS: 'false',
  NODE_ENV: 'development',
  ...env,
});

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * The bundles of what these tests start (dist-processes/, built by tests/server/global-setup.ts), run by
 * plain Node as npm start runs dist-server/. Anything else runs from source under tsx.
 */
const BUNDLED: Record<string, string> = {
  'server/index.ts': 'index.mjs',
  'scripts/users.ts': 'users.mjs',
  'scripts/simulate.ts': 'simulate.mjs',
};

/** `<script> ...args` as a process of its own: the server with npm start's Node flags, a CLI as npm run has it. */
export function run(script: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const bundled = BUNDLED[script];
  const command = bundled
    ? [...(script.startsWith('server/') ? serverNodeFlags : []), path.join(processBundleDir, bundled)]
    : [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script];
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Runs a command to its end. */
export async function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = run(script, args, env);
  const code = await started.exited;
  return { code, output: started.output() };
}

export type Served = Run & { url: string; stop: () => Promise<number | null> };

/** server/index.ts (what npm start runs once the SPA is built), healthy on 127.0.0.1:port. */
export async function startServer(env: NodeJS.ProcessEnv, probeHost = '127.0.0.1'): Promise<Served> {
  const started = run('server/index.ts', [], env);
  const url = `http://${probeHost}:${env.PORT}`;
  const stop = async () => {
    if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
    return started.exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`the server exited early:\n${started.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ...started, url, stop };
}
