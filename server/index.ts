import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot, listen } from './boot.ts';
import { type Database, openDatabase } from './db/client.ts';
import { parseEnv } from './env.ts';

const parsed = parseEnv(process.env);
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(1);
}
const { env } = parsed;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let database: Database;
try {
  database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) });
} catch (error) {
  // One line a person can act on; the URL is shown without its password.
  const where = env.DATABASE_URL ? redactUrl(env.DATABASE_URL) : path.resolve(env.DATA_DIR);
  console.error(`Could not open the database at ${where}: ${(error as Error).message || String(error)}`);
  process.exit(1);
}
const { app, demoCreated } = await boot({ env, database, distDir: path.join(root, 'dist'), demo: true });

let server: Awaited<ReturnType<typeof listen>>;
try {
  server = await listen(app.fetch, env.PORT, env.HOST);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${env.PORT} is already in use. Stop the other process or start with PORT=<another port>.`
      : `Could not listen on ${env.HOST}:${env.PORT}: ${(error as Error).message}`,
  );
  await database.close();
  process.exit(1);
}
const url = env.PUBLIC_URL?.replace(/\/$/, '') ?? server.url;
// Since the process started (performance's time origin): includes module loading and, on a first
// `npm start`, the SPA build.
const seconds = (performance.now() / 1000).toFixed(1);

console.log(
  [
    '',
    `  Business Portal is running at ${url}   (ready in ${seconds}s)`,
    '',
    `  Demo owner   ${env.DEMO_EMAIL}`,
    `  Password     ${env.DEMO_PASSWORD}${demoCreated ? '' : '   (as first seeded; unchanged unless you reset it)'}`,
    `  Database     ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${env.DATA_DIR}`}`,
    ...(app.routes.some((route) => route.path.startsWith('/dev/mailbox'))
      ? [`  Mailbox      ${url}/dev/mailbox   (every e-mail the portal sends lands here)`]
      : []),
    '',
    '  Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: closing connections and the database...`);
  await server.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
