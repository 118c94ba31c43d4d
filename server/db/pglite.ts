import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite's WASM (9 MB), read and compiled once per process, as PGlite itself caches it. Begun before
 * PGlite's own modules load: V8 compiles it on other threads while the main thread goes on (npm start:
 * loading the rest of the server).
 */
const pgliteWasm = () =>
  (compiled ??= readFile(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes)));

/**
 * PostgreSQL's buffer cache in the embedded database (decision 033): 32 MB instead of PostgreSQL's 128 MB.
 * PGlite's WASM build zero-fills its shared memory at every open, so the cache's size is paid at each
 * start (about 0.6 CPU-seconds for 128 MB) and stays resident, used or not. A small business's data is a
 * few megabytes; what does not fit is read from the data directory's files, which the OS caches.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** What the server adds to PGlite's own start parameters; the memory floor adds the same. */
export const PGLITE_EXTRA_START_PARAMS = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * Creates the embedded database (PGlite: PostgreSQL in WASM) on `dataDir`, in memory without one (tests).
 * A module of its own, with nothing of the server's to load: npm start calls it before it loads the rest
 * of the server (server/index.ts), so that PGlite's WASM is read and compiled on other threads meanwhile.
 */
export async function createPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<PGlite> {
  const wasm = pgliteWasm();
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: DRIZZLE_PARSERS,
    pgliteWasmModule: await wasm,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_EXTRA_START_PARAMS],
  });
  skipPerQueryParsers(client);
  return client;
}

const asText = (value: string) => value;
/**
 * The type parsers drizzle-orm's PGlite driver passes with EVERY query (it maps dates and intervals
 * itself, so PGlite must hand them over as text). Listed in drizzle-orm/pglite/session.js.
 */
const DRIZZLE_PARSERS = {
  1114: asText, // timestamp
  1184: asText, // timestamptz
  1186: asText, // interval
  1082: asText, // date
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/**
 * PGlite merges per-query parsers into a copy of its whole 318-entry parser map on every query, which
 * cost about a third of a simple indexed read. The instance already has drizzle's parsers (above), so the
 * per-query ones are dropped: same values, no copy. Transactions keep the copy (not a hot path).
 */
const onlyDrizzles = (parsers: object) => Object.keys(parsers).every((oid) => oid in DRIZZLE_PARSERS);

function skipPerQueryParsers(client: PGlite) {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    query(
      text,
      params,
      options?.parsers && onlyDrizzles(options.parsers) ? { ...options, parsers: undefined } : options,
    )) as PGlite['query'];
}
