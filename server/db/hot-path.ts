import { type PGlite, parse as pglite, protocol } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Reads that run on EVERY authenticated request (the guard's one lookup) go to the driver itself,
 * prepared on the database server once, instead of through the ORM: docs/decisions/006-scoping-and-guards.md.
 * Everything else uses drizzle.
 */

type Prepared = Map<string, { text: string; done: Promise<unknown> }>;
type Driver = { kind: 'pglite'; client: PGlite; prepared: Prepared } | { kind: 'postgres'; pool: pg.Pool };

const drivers = new WeakMap<object, Driver>();

/** openDatabase registers the driver behind each drizzle instance it makes. */
export function registerDriver(
  db: object,
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool },
) {
  drivers.set(db, driver.kind === 'pglite' ? { ...driver, prepared: new Map() } : driver);
}

/**
 * A read-only statement, prepared once under `name` and then run with its parameters ($1, $2, ...; sent
 * as text, never written into the SQL). On PostgreSQL a named statement of each pooled connection. On
 * PGlite one protocol call per run (Bind, Describe, Execute, Sync of the named statement) where
 * PGlite's query() makes six: about a third of its cost. Rows come back as the driver parses them: use
 * booleans, numbers and text, not timestamps (PGlite here hands those over as text).
 */
export function preparedRead<R>(db: object, name: string, text: string): (...params: string[]) => Promise<R[]> {
  const driver = drivers.get(db);
  if (!driver) throw new Error('preparedRead needs a database made by openDatabase().');
  if (driver.kind === 'postgres') {
    const { pool } = driver;
    return async (...params) => (await pool.query({ name, text, values: params })).rows;
  }
  const { client, prepared } = driver;
  const { serialize } = protocol;
  // As PGlite's own query(): after any open transaction, one protocol exchange at a time.
  const exclusive = <T>(work: () => Promise<T>) =>
    client._runExclusiveTransaction(() => client._runExclusiveQuery(work));
  const prepare = () => {
    const known = prepared.get(name);
    if (known && known.text !== text) throw new Error(`Statement ${name} is already prepared with other SQL.`);
    if (known) return known.done;
    const done = exclusive(() => client.execProtocol(concat(serialize.parse({ name, text }), serialize.sync())));
    prepared.set(name, { text, done });
    // A failed Parse (say, before the migrations ran) is tried again by the next call.
    done.catch(() => prepared.delete(name));
    return done;
  };
  const run = concat(serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  return async (...params) => {
    await prepare();
    const { messages } = await exclusive(() =>
      client.execProtocol(concat(serialize.bind({ statement: name, values: params }), run), { syncToFs: false }),
    );
    return (pglite.parseResults(messages, client.parsers)[0]?.rows ?? []) as R[];
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
