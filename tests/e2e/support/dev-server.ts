/**
 * `npm run dev` for the browser tests of development-only parts (the statechart inspector): Vite's dev
 * server on a free port, forwarding the API to the e2e stack (BACKEND_URL), exactly as a developer runs
 * it beside `npm start`. No vitest imports here.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { root } from '../../../scripts/lib/build.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface DevServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startDevServer(backendUrl: string): Promise<DevServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: root, env: { ...process.env, BACKEND_URL: backendUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite exited early:\n${output}`);
    try {
      // The inspector page and the portal's config (through the proxy): both must answer.
      if ((await fetch(`${url}/inspector/`)).ok && (await fetch(`${url}/config.json`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`vite did not answer:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}
