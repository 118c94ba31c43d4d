/**
 * `npm start` to ready, cold (a fresh data dir: migrations and the demo seed) and warm, with the server's
 * resident memory, beside a bare Hono process. The SPA is built first if needed (not timed).
 * Usage: npm run bench:start (BENCH_DATABASE_URL=postgres://… for a fresh PostgreSQL database).
 * `npm run bench:api` prints the same figures after its load runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './lib/scratch-database.ts';
import { startUpFigures } from './lib/start-timing.ts';

const port = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
const postgres = process.env.BENCH_DATABASE_URL
  ? await scratchDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench_start')
  : undefined;
try {
  const env = { ...process.env, HOST: '127.0.0.1', LOG_REQUESTS: 'false', NODE_ENV: 'development' };
  console.log(await startUpFigures({ env, port, floorPort: port + 1000, dataDir, databaseUrl: postgres?.url }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}
