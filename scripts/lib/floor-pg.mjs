// Memory floor on PostgreSQL (scripts/lib/start-timing.ts): node:http and a pg Pool, /healthz answered by
// a `select 1`, on 127.0.0.1:PORT; nothing else.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query('select 1');
const server = createServer(async (_request, response) => {
  await pool.query('select 1');
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
