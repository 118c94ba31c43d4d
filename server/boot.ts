import { type ServerType, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createIdentity } from './identity/identity.ts';
import { startJobEngine } from './jobs/engine.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startReminders } from './jobs/reminders.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createMailer } from './mail/mailer.ts';
import { createMediaStore } from './media/index.ts';
import { consoleLogger, type Logger } from './middleware/request-log.ts';
import { seedCatalogue } from './seed/catalogue.ts';
import type { AppDeps } from './types.ts';

/** The demo seed's modules (the demo app, its customers, posts, vouchers...): loaded only when seeding. */
const demoSeed = () => import('./seed/demo.ts');

export type BootOptions = {
  env: Env;
  database: Database;
  clock?: Clock;
  log?: Logger;
  distDir?: string;
  /** Create the demo owner and business (npm start does; tests opt in). */
  demo?: boolean;
  /**
   * Schedule housekeeping (default true). A test that inspects what housekeeping would purge a day on
   * (the demo's spent upload links) turns it off, or a quarter-hour tick during the file removes them.
   */
  housekeeping?: boolean;
  /**
   * Leave the job engine's start and the schedules' workers (housekeeping, reminders) to
   * `startWorkers()`, which the caller runs once it listens: npm start, so that their work (the engine's
   * first polls, a sweep writing the reminders due while the server was down) follows the banner instead
   * of delaying it. Jobs can be sent before. Default: started by boot().
   */
  deferWorkers?: boolean;
};

/** Everything but the socket: identity keys, job engine, mailer, catalogue seed, the app. Shared by npm start and tests. */
export async function boot(options: BootOptions) {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? consoleLogger;
  const db = database.db;
  const media = createMediaStore(db, env);
  // One process at a time: signing keys, the catalogue and the demo are created once even when
  // several copies of the server start together on one PostgreSQL.
  const { identity, demoCreated } = await database.exclusive(async () => {
    const identity = await createIdentity({ db, env, clock, log });
    await seedCatalogue(db);
    // A start that finds the demo owner (every start after the first) loads and runs nothing of the seed.
    const seeding = options.demo && !(await identity.findUserByEmail(env.DEMO_EMAIL));
    const demoCreated = seeding ? await (await demoSeed()).seedDemo({ db, env, identity, clock }) : false;
    // Only production refuses the published password (a database seeded in development, run in production).
    if (env.NODE_ENV === 'production') {
      const retired = await (await demoSeed()).retirePublishedDemoPassword(db, env, clock);
      if (retired) log.info(`${retired} still had the published demo password: it must reset its password to sign in.`);
    }
    return { identity, demoCreated };
  });
  // The job engine and this copy's workers; stopped before the database closes (whoever closes it).
  const jobs = await startJobEngine({ sql: database.sql, env, log }, { start: !options.deferWorkers });
  database.onClose(jobs.stop);
  const mailer = await createMailer({ db, env, clock, log, jobs });
  let workers: Promise<void> | undefined;
  const startWorkers = () =>
    (workers ??= (async () => {
      await jobs.start();
      if (options.housekeeping !== false) await startHousekeeping({ db, media, clock, log, jobs });
      await startReminders({ db, env, mailer, clock, log, jobs });
    })());
  if (!options.deferWorkers) await startWorkers();
  const deps: AppDeps = { db, env, clock, identity, mailer, jobs, media, log, distDir: options.distDir };
  const app = createApp(deps);
  if (demoCreated) await (await demoSeed()).seedDemoContent(deps, env.DEMO_EMAIL);
  return { app, deps, demoCreated, startWorkers };
}

export type Listening = { url: string; server: ServerType; close: () => Promise<void> };

export function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string) {
  return new Promise<Listening>((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info) => {
      const host = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;
      resolve({
        url: `http://${host}:${info.port}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            // Keep-alive sockets would hold close() open for seconds.
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', reject);
  });
}
