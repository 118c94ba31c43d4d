import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { scratchDatabase } from '../../scripts/lib/scratch-database.ts';
import { createApp } from '../../server/app.ts';
import { boot, type Listening, listen } from '../../server/boot.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { defaultEnv, type Env } from '../../server/env.ts';
import type { Clock } from '../../server/lib/clock.ts';
import type { Logger } from '../../server/middleware/request-log.ts';
import { httpClient } from './support/http.ts';

/** A clock tests can move: token expiry, link expiry and rate-limit windows without waiting. */
export function testClock(start = Date.now()) {
  let now = start;
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance: (ms: number) => {
      now += ms;
    },
    set: (ms: number) => {
      now = ms;
    },
  };
}

/** An empty PostgreSQL database of its own on TEST_DATABASE_URL's server, and how to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return scratchDatabase(url, 'portal_test');
}

/**
 * Fresh database for this test file: a copy of the migrated PGlite template, or a PostgreSQL database
 * copied from the run's migrated template (tests/server/global-setup.ts). Opening it still runs the
 * migrator, which finds every migration applied.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const copy = await scratchDatabase(url, 'portal_test', { template: inject('postgresTemplate') || undefined });
    const database = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 });
    return {
      ...database,
      url: copy.url,
      close: async () => {
        await database.close();
        await copy.drop();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
}

export type TestServer = Listening & {
  /** `url`: PostgreSQL only, for a second copy of the server on the same database. */
  database: Database & { url?: string };
  env: Env;
  deps: Awaited<ReturnType<typeof boot>>['deps'];
  logs: string[];
  /** fetch against this server; a relative path is resolved against its URL. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** JSON request helper: sets the JSON content type and the anti-forgery header for writes. */
  api: ReturnType<typeof httpClient>['api'];
  stop: () => Promise<void>;
};

/**
 * Another copy of the same product on the same database, as a load balancer's second server: on
 * PostgreSQL a second app with a pool of its own (boot, migrations already applied), on PGlite (one
 * process by nature) a second app over the same database.
 */
export async function secondCopy(server: TestServer): Promise<HttpServer & { stop: () => Promise<void> }> {
  const log: Logger = { info: () => {}, error: () => {} };
  const database = server.database.url
    ? await openDatabase({ kind: 'postgres', url: server.database.url, poolSize: 2 })
    : undefined;
  const app = database
    ? (await boot({ env: server.env, database, clock: server.deps.clock, log })).app
    : createApp(server.deps);
  const listening = await listen(app.fetch, 0, '127.0.0.1');
  return {
    ...httpClient(listening.url),
    url: listening.url,
    env: server.env,
    stop: async () => {
      await listening.close();
      await database?.close();
    },
  };
}

/** What speaking to a server over HTTP needs: an in-process test server or a server process (tests/server/postgres/copies.test.ts). */
export type HttpServer = Pick<TestServer, 'url' | 'env' | 'request' | 'api'>;

/** The real app on a real database, listening on a real port of 127.0.0.1. */
export async function startTestServer(
  options: { env?: Partial<Record<keyof Env, string>>; clock?: Clock; demo?: boolean; housekeeping?: boolean } = {},
): Promise<TestServer> {
  const database = await freshDatabase();
  const logs: string[] = [];
  const log: Logger = { info: (line) => logs.push(line), error: (line) => logs.push(line) };
  const env = defaultEnv({ NODE_ENV: 'test', ...options.env });
  const { app, deps } = await boot({
    env,
    database,
    clock: options.clock,
    log,
    demo: options.demo,
    housekeeping: options.housekeeping,
  });
  const listening = await listen(app.fetch, 0, '127.0.0.1');
  const { request, api } = httpClient(listening.url);
  return {
    ...listening,
    database,
    env,
    deps,
    logs,
    request,
    api,
    stop: async () => {
      await listening.close();
      await database.close();
    },
  };
}
