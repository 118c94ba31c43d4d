import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { registerDriver } from './hot-path.ts';
import { installJobSchema, type SqlExecutor } from './job-schema.ts';
import { createPglite } from './pglite.ts';
import * as schema from './schema.ts';
import { schemaIsCurrent } from './schema-check.ts';

export { schema };

/** The one database type the app is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to clone a migrated database quickly (tests). */
  dump?: () => Promise<Blob>;
  /**
   * Runs start-up work (migrations, seeding) with no other process doing the same: on PostgreSQL a
   * session advisory lock serialises copies of the server that start together; PGlite has one process.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** Raw SQL outside drizzle: the job engine's adapter (server/jobs/engine.ts). */
  sql: SqlExecutor;
  /** Runs `work` first when the database is closed (the job engine stops before its connection goes). */
  onClose: (work: () => Promise<void>) => void;
};

function closers() {
  const list: (() => Promise<void>)[] = [];
  let closed = false;
  return {
    /** True once the engine has stopped: its last, unawaited statements then find nothing to do. */
    closed: () => closed,
    add: (work: () => Promise<void>) => {
      list.push(work);
    },
    run: async () => {
      for (const work of list.splice(0)) await work().catch(() => undefined);
      closed = true;
    },
  };
}

/** Arbitrary but fixed: the advisory lock key of this application's start-up. */
const STARTUP_LOCK = 7_287_2026;

/**
 * Beside this module: server/db/migrations from source; in the server bundle (dist-server/, what npm start
 * runs) the build copies them beside the bundle's modules (scripts/lib/build.mjs).
 */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      /**
       * PGlite already opening on `dataDir` (createPglite): npm start begins opening it before it loads the
       * rest of the server (server/index.ts).
       */
      opening?: Promise<PGlite>;
    };

/**
 * Opens the database and applies the committed migrations. PGlite (embedded PostgreSQL in WASM) keeps
 * its files under dataDir; without one it lives in memory (tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Only the driver in use is loaded (each is a few hundred kilobytes of JavaScript to parse at start).
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', (error) => console.error(`postgres pool: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    registerDriver(db, { kind: 'postgres', pool });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        holder.release();
      }
    };
    const closing = closers();
    const sql: SqlExecutor = {
      // After close, as pg-boss's own pool adapter does: nothing (undefined), which its late calls expect.
      executeSql: async (text, values) => (closing.closed() ? (undefined as never) : pool.query(text, values)),
    };
    await exclusive(async () => {
      if (await schemaIsCurrent(sql, migrationsFolder)) return;
      await migratePg(db as never, { migrationsFolder });
      await installJobSchema(sql);
    });
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await closing.run();
        await pool.end();
      },
      exclusive,
      sql,
      onClose: closing.add,
    };
  }
  const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    options.opening ?? createPglite(options),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  registerDriver(db, { kind: 'pglite', client });
  const closing = closers();
  const sql: SqlExecutor = {
    // PGlite's query() takes one statement; exec() several (the engine's install and maintenance).
    executeSql: async (text, values) => {
      if (closing.closed()) return undefined as never;
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
  if (!(await schemaIsCurrent(sql, migrationsFolder))) {
    await migratePglite(db as never, { migrationsFolder });
    await installJobSchema(sql);
  }
  return {
    db,
    kind: 'pglite',
    sql,
    onClose: closing.add,
    close: async () => {
      await closing.run();
      await client.close();
    },
    dump: () => client.dumpDataDir('gzip'),
    exclusive: (work) => work(),
  };
}
