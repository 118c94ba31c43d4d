import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JOB_QUEUES, JOB_SCHEMA, type SqlExecutor } from './job-schema.ts';

/**
 * Whether the database already has every committed migration and the job engine's tables and queues: on
 * every start but the first after a change, two statements instead of the migrator's three (which also
 * reads and hashes every migration file) and the job schema's two. drizzle's migrator applies a
 * migration when the newest applied one is older than it (`created_at` < the journal's `when`); this is
 * the same test against the newest migration of the journal. When it fails, openDatabase runs the
 * migrator and installJobSchema as before.
 */
export async function schemaIsCurrent(sql: SqlExecutor, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = journal.entries.at(-1)?.when ?? 0;
  const [tables] = (
    await sql.executeSql(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as "migrations", ` +
        `to_regclass('${JOB_SCHEMA}.version') is not null and to_regclass('${JOB_SCHEMA}.queue') is not null as "jobs"`,
    )
  ).rows;
  if (!tables?.migrations || !tables.jobs) return false;
  const [state] = (
    await sql.executeSql(
      `select (select max(created_at) from drizzle.__drizzle_migrations) as "applied", ` +
        `array(select name from ${JOB_SCHEMA}.queue) as "queues"`,
    )
  ).rows;
  const queues = new Set<string>(state?.queues ?? []);
  return Number(state?.applied ?? 0) >= newest && JOB_QUEUES.every((name) => queues.has(name));
}
