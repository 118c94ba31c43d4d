// Memory floor on the embedded database (scripts/lib/start-timing.ts): PGlite alone, opened on the data
// directory the server just used, with the server's additions to PGlite's start parameters
// (PGLITE_EXTRA_START_PARAMS, JSON: its buffer cache, server/db/pglite.ts), after one `select 1`. Prints
// "ready" and idles until SIGTERM.
import { PGlite } from '@electric-sql/pglite';

const extra = JSON.parse(process.env.PGLITE_EXTRA_START_PARAMS ?? '[]');
const startParams = [...PGlite.defaultStartParams, ...extra];
const db = await PGlite.create({ dataDir: process.env.DATA_DIR, startParams });
await db.query('select 1');
console.log('ready');
// Nothing else keeps the process alive (PGlite holds no handle while idle).
const idle = setInterval(() => {}, 60_000);
process.on('SIGTERM', async () => {
  clearInterval(idle);
  await db.close();
  process.exit(0);
});
