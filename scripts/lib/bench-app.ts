/**
 * What every benchmark under scripts/ starts from: the real app booted on a scratch database (PGlite, or
 * a fresh database on BENCH_DATABASE_URL's PostgreSQL), listening on a free loopback port, and an owner
 * made through the identity as the users CLI makes one, with a business on a plan.
 */
import { eq } from 'drizzle-orm';
import { boot, listen } from '../../server/boot.ts';
import { openDatabase } from '../../server/db/client.ts';
import { businesses, packages } from '../../server/db/schema.ts';
import { defaultEnv } from '../../server/env.ts';
import { GROUPS } from '../../server/identity/types.ts';
import type { Clock } from '../../server/lib/clock.ts';
import { newId } from '../../server/lib/crypto.ts';
import { serverTimeZone } from '../../server/routes/businesses/defaults.ts';
import type { AppDeps } from '../../server/types.ts';
import { scratchDatabase } from './scratch-database.ts';

export const BENCH_PASSWORD = 'Bench#Owner2026';

export async function benchApp(options: { clock?: Clock } = {}) {
  const scratch = process.env.BENCH_DATABASE_URL
    ? await scratchDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench')
    : undefined;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 10 })
    : await openDatabase({ kind: 'pglite' });
  const env = defaultEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false' });
  const { app, deps } = await boot({
    env,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    log: { info: () => {}, error: console.error },
  });
  const server = await listen(app.fetch, 0, '127.0.0.1');
  return { app, deps, db: deps.db, env, server, database, scratch };
}

/** An owner (password BENCH_PASSWORD) and their business on `plan` (default Pro). */
export async function benchOwner(
  deps: AppDeps,
  business: { email: string; businessname: string; timezone?: string; plan?: 'Free' | 'Starter' | 'Pro' },
) {
  const user = await deps.identity.createUser({
    email: business.email,
    password: BENCH_PASSWORD,
    firstname: 'Bench',
    lastname: 'Owner',
    groups: [GROUPS.owners],
    status: 'CONFIRMED',
    emailVerified: true,
  });
  const [plan] = await deps.db
    .select()
    .from(packages)
    .where(eq(packages.name, business.plan ?? 'Pro'));
  const businessid = newId();
  await deps.db.insert(businesses).values({
    businessid,
    ownerUserid: user.userid,
    businessname: business.businessname,
    timezone: business.timezone ?? serverTimeZone(),
    packageid: plan!.packageid,
    negotiatedMonthlyPrice: plan!.monthlyPrice,
  });
  return { userid: user.userid, email: business.email, businessid };
}
