/**
 * API benchmark: the real server (server/index.ts) in its own process on a fresh data directory,
 * loaded from this process over loopback. Measures the SRP sign-in through the real Amplify client
 * and authenticated reads (JWT verification + session revocation lookup + one query).
 * Usage: npx tsx scripts/bench-api.ts [--requests 2000] [--concurrency 16]
 * With BENCH_DATABASE_URL=postgres://... the server uses that PostgreSQL instead of PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { root } from './lib/build.ts';

const { values } = parseArgs({ options: { requests: { type: 'string' }, concurrency: { type: 'string' } } });
const REQUESTS = Number(values.requests ?? 2000);
const CONCURRENCY = Number(values.concurrency ?? 16);
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const email = 'owner@demo.local';
const password = 'DemoOwner#2026';

const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/index.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DEMO_EMAIL: email,
    DEMO_PASSWORD: password,
    LOG_REQUESTS: 'false',
  },
  stdio: 'ignore',
});
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
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
    await signIn({ username: email, password });
    signIns.push(performance.now() - started);
  }
  const token = (await fetchAuthSession()).tokens!.accessToken.toString();
  console.log(
    `database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}`,
  );
  console.log(
    `Amplify SRP sign-in (2 round trips, client maths included): p50 ${pct(signIns, 50)} ms, p95 ${pct(signIns, 95)} ms`,
  );

  for (const endpoint of ['/healthz', '/api/users/me', '/api/businesses/me']) {
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const t = performance.now();
          const response = await fetch(`${base}${endpoint}`, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          if (!response.ok) failures++;
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `GET ${endpoint.padEnd(20)} ${(REQUESTS / seconds).toFixed(0).padStart(5)} req/s   p50 ${pct(latencies, 50)} ms   p95 ${pct(latencies, 95)} ms   p99 ${pct(latencies, 99)} ms   failures ${failures}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

function pct(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
}
