import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Reads that run on EVERY authenticated request (the guard's one lookup) go to the driver itself,
 * prepared on the database server once, instead of through the ORM: docs/decisions/006-scoping-and-guards.md.
 * Everything else uses drizzle.
 */

type Driver = { kind: 'pglite'; client: PGlite; prepared: Map<string, { text: string; done: Promise<unknown> }> };
type DriverInput = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

const drivers = new WeakMap<object, Driver | { kind: 'postgres'; pool: pg.Pool }>();

/** openDatabase registers the driver behind each drizzle instance it makes. */
export function registerDriver(db: object, driver: DriverInput) {
  drivers.set(db, driver.kind === 'pglite' ? { ...driver, prepared: new Map() } : driver);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A prepared read whose parameters ($1, $2, ...) are all UUIDs. On PostgreSQL it is a named statement
 * (parsed and planned once per pooled connection). On PGlite it is PREPAREd once and run as EXECUTE over
 * the simple query protocol, which costs PGlite about half of its extended protocol; the UUIDs are
 * checked before they are written into the EXECUTE, and anything that is not a UUID finds no rows.
 * Rows come back as the driver parses them: use booleans, numbers and text, not timestamps.
 */
export function uuidStatement<R>(db: object, name: string, text: string): (...ids: string[]) => Promise<R[]> {
  const driver = drivers.get(db);
  if (!driver) throw new Error('uuidStatement needs a database made by openDatabase().');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Statement name "${name}" must be a lower-case identifier.`);
  if (driver.kind === 'postgres') {
    const { pool } = driver;
    return async (...ids) =>
      ids.every((id) => UUID.test(id)) ? (await pool.query({ name, text, values: ids })).rows : [];
  }
  const { client, prepared } = driver;
  const prepare = () => {
    const known = prepared.get(name);
    if (known && known.text !== text) throw new Error(`Statement ${name} is already prepared with other SQL.`);
    if (known) return known.done;
    const done = client.exec(`prepare ${name} as ${text}`);
    prepared.set(name, { text, done });
    // A failed PREPARE (say, during a migration) is tried again by the next call.
    done.catch(() => prepared.delete(name));
    return done;
  };
  return async (...ids) => {
    if (!ids.every((id) => UUID.test(id))) return [];
    await prepare();
    const [result] = await client.exec(`execute ${name}(${ids.map((id) => `'${id}'`).join(', ')})`);
    return (result?.rows ?? []) as R[];
  };
}
