/**
 * `npm start` to ready, cold (a fresh database: migrations and the demo seed) and warm, with the server's
 * resident memory, beside the floors (scripts/lib/start-timing.ts): on PGlite, and on PostgreSQL too when
 * BENCH_DATABASE_URL is set (a fresh database made on that server). The SPA and the server bundle are
 * built first if needed (not timed).
 * Usage: npm run bench:start (BENCH_DATABASE_URL=postgres://… for PostgreSQL as well).
 * `npm run bench:api` prints the same figures after its load runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './lib/scratch-database.ts';
import { startUpFigures } from './lib/start-timing.ts';

// BENCH_PORT: the server's port (the floors use the next one); else a random one.
const port = Number(process.env.BENCH_PORT) || 18_000 + Math.floor(Math.random() * 999);
const env = { ...process.env, HOST: '127.0.0.1', LOG_REQUESTS: 'false', NODE_ENV: 'development' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
try {
  console.log(await startUpFigures({ env, port, floorPort: port + 1, dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) {
  const postgres = await scratchDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench_start');
  const unused = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
  try {
    console.log(await startUpFigures({ env, port, floorPort: port + 1, dataDir: unused, databaseUrl: postgres.url }));
  } finally {
    rmSync(unused, { recursive: true, force: true });
    await postgres.drop();
  }
}
