import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { root } from '../../scripts/lib/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e:
      | { baseUrl: string; chromium: string; demoEmail: string; demoPassword: string; dataDir: string }
      | { unavailable: string };
  }
}

export const findChromium = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the product exactly as a newcomer does (scripts/start.ts: build when stale, then the one
 * process) on a free port with its own data directory, and waits until it is healthy.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI) throw new Error('Chromium is required in CI: apt-get install chromium');
    project.provide('e2e', {
      unavailable: 'Chromium is not installed (apt-get install chromium); browser tests did not run.',
    });
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const demoEmail = 'owner@demo.local';
  const demoPassword = 'DemoOwner#2026';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_EMAIL: demoEmail,
        DEMO_PASSWORD: demoPassword,
        LOG_REQUESTS: 'false',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('e2e', { baseUrl, chromium, demoEmail, demoPassword, dataDir });
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
