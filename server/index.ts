import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Listening } from './boot.ts';
import type { Database } from './db/client.ts';
import { createPglite } from './db/pglite.ts';
import { type Env, parseEnv, seedsDemo, serverStartProblem } from './env.ts';
import { isLoopback, listeningOrigin } from './lib/client-ip.ts';
import { DataDirBusyError, lockDataDir } from './lib/data-dir-lock.ts';

const parsed = parseEnv(process.env);
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(1);
}
const { env } = parsed;
const problem = serverStartProblem(env);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let database: Database;
let lock: ReturnType<typeof lockDataDir> | undefined;
// The server's modules are imported below, not statically: the embedded database starts opening first (its
// lock taken), and PGlite reads and compiles its WASM on other threads while the main thread loads them.
let loading:
  | Promise<[typeof import('./boot.ts'), typeof import('./db/client.ts'), typeof import('./seed/team.ts')]>
  | undefined;
try {
  let opening: Promise<PGlite> | undefined;
  if (!env.DATABASE_URL) {
    lock = lockDataDir(path.resolve(env.DATA_DIR), 'the portal server (npm start)');
    opening = createPglite({ dataDir: path.resolve(env.DATA_DIR) });
    // Handled where it is awaited (openDatabase, the catch below): not an unhandled rejection meanwhile.
    opening.catch(() => undefined);
  }
  loading = Promise.all([import('./boot.ts'), import('./db/client.ts'), import('./seed/team.ts')]);
  const [, { openDatabase }] = await loading;
  database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR), opening });
} catch (error) {
  if (error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  // One line a person can act on; the URL is shown without its password.
  const where = env.DATABASE_URL ? redactUrl(env.DATABASE_URL) : path.resolve(env.DATA_DIR);
  console.error(`Could not open the database at ${where}: ${(error as Error).message || String(error)}`);
  process.exit(1);
}
const [{ boot, listen }, , { DEMO_TEAM }] = await loading;
const demo = seedsDemo(env);
const { app, demoCreated, startWorkers } = await boot({
  env,
  database,
  distDir: path.join(root, 'dist'),
  demo,
  deferWorkers: true,
});

let server: Listening;
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
const port = Number(new URL(server.url).port);
const url = env.PUBLIC_URL?.replace(/\/+$/, '') ?? listeningOrigin(env.HOST, port);
// Where this machine's tools reach it (npm run simulate reads it from the lock): the listening address.
// 127.0.0.1 rather than localhost: Node resolves localhost to ::1 first, where an IPv4 server is not.
const everywhere = env.HOST === '0.0.0.0' || env.HOST === '' || env.HOST === 'localhost';
lock?.noteUrl(
  everywhere ? `http://127.0.0.1:${port}` : listeningOrigin(env.HOST, port).replace('//localhost:', '//127.0.0.1:'),
);
// Since the process started (performance's time origin): includes module loading and, on a first
// `npm start`, the SPA build.
const seconds = (performance.now() / 1000).toFixed(1);
console.log(banner(env, { url, seconds, demo, demoCreated, database }).join('\n'));

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: closing connections and the database...`);
  await server.close();
  await database.close();
  // The data-directory lock is released by the exit handler.
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// The schedules' workers after the banner: what they log (reminders written) follows it.
await startWorkers().catch((error) => {
  if (!stopping) throw error;
});

/** What a person needs at start: where it runs, in which mode, how to sign in, where the mail goes. */
function banner(
  env: Env,
  facts: { url: string; seconds: string; demo: boolean; demoCreated: boolean; database: Database },
): string[] {
  const production = env.NODE_ENV === 'production';
  const exposed = !isLoopback(env.HOST) && env.HOST !== 'localhost';
  const mailbox = app.routes.some((route) => route.path.startsWith('/dev/mailbox'));
  const lines = [
    '',
    `  Business Portal is running at ${facts.url}   (ready in ${facts.seconds}s)`,
    '',
    production
      ? '  Mode         production (mail through SMTP, no development mailbox)'
      : `  Mode         ${env.NODE_ENV} (for your own computer; NODE_ENV=production for a server)`,
  ];
  if (facts.demo) {
    lines.push(`  Demo owner   ${env.DEMO_EMAIL}`);
    // A production demo has its own password (DEMO_PASSWORD): it is not printed into the logs.
    if (production) lines.push('  Password     as set in DEMO_PASSWORD');
    else {
      const note = facts.demoCreated ? '' : '   (as first seeded; unchanged unless you reset it)';
      lines.push(`  Password     ${env.DEMO_PASSWORD}${note}`);
    }
    if (mailbox)
      lines.push(`  Demo team    ${DEMO_TEAM.map((m) => `${m.email} (${m.role})`).join(', ')}, same password`);
  }
  lines.push(
    `  Database     ${facts.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${env.DATA_DIR}`}`,
  );
  if (mailbox) {
    lines.push(`  Mailbox      ${facts.url}/dev/mailbox   (every e-mail the portal sends; this computer only)`);
  }
  if (exposed) {
    lines.push(
      '',
      `  Listening on ${env.HOST}: other computers can reach this server.`,
      ...(env.PUBLIC_URL ? [] : [`  Set PUBLIC_URL to the address they use; e-mail links point at ${facts.url}.`]),
    );
  }
  lines.push('', '  Press Ctrl+C to stop.', '');
  return lines;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
