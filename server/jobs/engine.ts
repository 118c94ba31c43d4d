import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { JOB_SCHEMA, type SqlExecutor } from '../db/job-schema.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../middleware/request-log.ts';

/**
 * The job engine: pg-boss 10 (docs/decisions/019-outbox-and-jobs.md), its tables in the `pgboss` schema
 * of the app's own database. It runs on PostgreSQL through the app's pool and on PGlite through the one
 * embedded connection, both given to pg-boss as an `executeSql` adapter, so there is one engine for
 * every way the portal runs.
 */

export { QUEUES, type SqlExecutor } from '../db/job-schema.ts';

/**
 * The executor of a drizzle transaction: a job sent through it is inserted in that transaction, so it
 * exists exactly when the change that caused it is committed. Both drivers keep the transaction's
 * connection as `session.client` (node-postgres: the pool client; PGlite: its transaction object).
 */
export function transactionSql(tx: Db): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: { query: (text: string, values?: unknown[]) => any } } })
    .session?.client;
  if (!client?.query) throw new Error('transactionSql needs a drizzle transaction of openDatabase().');
  return { executeSql: (text, values) => client.query(text, values) };
}

export type JobEngine = {
  boss: PgBoss;
  /** Starts the engine (maintenance, schedules' timekeeper) if startJobEngine was told not to; once. */
  start: () => Promise<void>;
  /** True once stop() began: a worker hands back (fails, to be retried) what it fetched after that. */
  stopping: () => boolean;
  /** Stops polling and the schedules; waits for jobs being worked on (bounded). */
  stop: () => Promise<void>;
};

/**
 * `start: false` makes the engine without starting it (npm start starts it once it listens: on PGlite
 * its polling shares the one connection with the rest of start-up). Jobs can be sent before it starts.
 */
export async function startJobEngine(
  deps: { sql: SqlExecutor; env: Env; log: Logger },
  options: { start?: boolean } = {},
): Promise<JobEngine> {
  const { env, log } = deps;
  // Statements in flight, so stop() can wait for a fetch that was under way (its jobs are then handed
  // back at once instead of staying active until they expire).
  let pending = 0;
  const sql: SqlExecutor = {
    executeSql: async (text, values) => {
      pending++;
      try {
        return await deps.sql.executeSql(text, values);
      } finally {
        pending--;
      }
    },
  };
  const boss = new PgBoss({
    db: sql as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: true,
    pollingIntervalSeconds: env.JOB_POLL_SECONDS,
  });
  boss.on('error', (error: Error) => log.error(`job engine: ${error.message}`));
  let started: Promise<void> | undefined;
  const start = () => (started ??= boss.start().then(() => undefined));
  if (options.start !== false) await start();
  let stopped = false;
  return {
    boss,
    start,
    stopping: () => stopped,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // A start under way finishes first (pg-boss ignores a stop before it has started).
      await started?.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 5000, close: false }).catch(() => undefined);
      // Quiet twice in a row (a fetch that returns is followed by the fail() of what it fetched), at most 5 s.
      for (let quiet = 0, waited = 0; quiet < 2 && waited < 5000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        quiet = pending === 0 ? quiet + 1 : 0;
      }
    },
  };
}
