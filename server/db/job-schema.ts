import PgBoss from 'pg-boss';

/** What pg-boss needs of a database: one statement with $1.. parameters, or several without. */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: any[] }> };

export const JOB_SCHEMA = 'pgboss';

/**
 * The app's queues: mail sends (server/mail/mailer.ts), housekeeping (server/jobs/housekeeping.ts) and
 * the booking reminders' sweep (server/jobs/reminders.ts).
 */
export const QUEUES = { mail: 'mail', housekeeping: 'housekeeping', reminders: 'reminders' } as const;
/** pg-boss's own queue for schedules, made here for the same reason as ours (below). */
const SCHEDULE_QUEUE = '__pgboss__send-it';
/** Every queue installJobSchema makes: a start that finds them all has nothing to install. */
export const JOB_QUEUES: readonly string[] = [...Object.values(QUEUES), SCHEDULE_QUEUE];

/**
 * Installs the engine's tables and the queues (each queue is a table of its own); openDatabase runs it
 * after the app's migrations, under the start-up lock on PostgreSQL: two copies making one queue at
 * the same moment deadlock inside pg-boss.
 */
export async function installJobSchema(sql: SqlExecutor) {
  const installed = await sql.executeSql(`select to_regclass('${JOB_SCHEMA}.version') is not null as "installed"`);
  if (!installed.rows[0]?.installed) await sql.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
  // One read on every later start instead of a create_queue call per queue (the first of which cost a
  // fresh connection tens of milliseconds).
  const existing = await sql.executeSql(`select name from ${JOB_SCHEMA}.queue`);
  const made = new Set(existing.rows.map((row: { name: string }) => row.name));
  for (const name of JOB_QUEUES) {
    if (made.has(name)) continue;
    await sql.executeSql(`select ${JOB_SCHEMA}.create_queue($1, $2)`, [name, { policy: 'standard' }]);
  }
}
