/**
 * What every benchmark under scripts/ starts from: the real app booted on a scratch database (PGlite, or
 * a fresh database on BENCH_DATABASE_URL's PostgreSQL), listening on a free loopback port, and an owner
 * made through the identity as the users CLI makes one, with a business on a plan.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes } from 'date-fns';
import { boot, listen } from '../../server/boot.ts';
import { openDatabase } from '../../server/db/client.ts';
import {
  availabilityRules,
  bookingCustomers,
  bookingResources,
  bookings,
  followers,
  users,
} from '../../server/db/schema.ts';
import { defaultEnv } from '../../server/env.ts';
import { GROUPS } from '../../server/identity/types.ts';
import type { Clock } from '../../server/lib/clock.ts';
import { newId } from '../../server/lib/crypto.ts';
import { createBusiness } from '../../server/routes/businesses/businesses.queries.ts';
import type { AppDeps } from '../../server/types.ts';
import { scratchDatabase } from './scratch-database.ts';

export const BENCH_PASSWORD = 'Bench#Owner2026';

export async function benchApp(options: { clock?: Clock; env?: Record<string, string> } = {}) {
  const scratch = process.env.BENCH_DATABASE_URL
    ? await scratchDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench')
    : undefined;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 10 })
    : await openDatabase({ kind: 'pglite' });
  const env = defaultEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ...options.env });
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
  const businessid = await createBusiness(deps.db, {
    ownerUserid: user.userid,
    businessname: business.businessname,
    plan: business.plan ?? 'Pro',
    timezone: business.timezone,
    createdAt: deps.clock(),
  });
  return { userid: user.userid, email: business.email, businessid };
}

/**
 * `count` followers of the business, inserted with SQL, and only in benchmarks: making each through the
 * customer API costs a 3072-bit SRP verifier and a sign-in (minutes for 10,000), which is not what is
 * measured. Tests and the demo seed make customers through the API. Every 50th first name is a formula
 * (the CSV export must neutralise it).
 */
export async function insertFollowers(db: AppDeps['db'], businessid: string, count: number) {
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({ userid: newId(), n: start + i }));
    await db.insert(users).values(
      batch.map(({ userid, n }) => ({
        userid,
        username: userid,
        email: `customer.${n}@bench.example`,
        emailVerified: true,
        firstname: n % 50 === 0 ? `=cmd|' /C calc'!A${n}` : `First${n}`,
        lastname: `Last, "${n}"`,
        status: 'CONFIRMED',
        srpSalt: '00',
        srpVerifier: '00',
      })),
    );
    await db.insert(followers).values(
      batch.map(({ userid, n }) => ({
        businessid,
        customerid: userid,
        followedAt: new Date(Date.now() - n * 60_000),
      })),
    );
  }
}

/**
 * A resource of capacity 4 open daily 07:00-22:00 and `count` bookings over `days` days from `from`
 * (30-90 minutes on the half hour, parties of 1-2, overlapping) for 50 guests, inserted with SQL: the
 * API would refuse most of them (past or full times) and is not what is measured.
 */
export async function insertBookings(
  db: AppDeps['db'],
  businessid: string,
  options: { count: number; days: number; from: Date; timeZone: string },
) {
  const resourceid = newId();
  await db
    .insert(bookingResources)
    .values({ resourceid, businessid, resourcename: 'Big Table', description: null, capacity: 4, isactive: true });
  await db.insert(availabilityRules).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayofweek) => ({
      availabilityid: newId(),
      businessid,
      resourceid,
      dayofweek,
      starttime: '07:00:00',
      endtime: '22:00:00',
    })),
  );
  const guests = Array.from({ length: 50 }, (_, i) => ({ id: newId(), businessid, email: `guest.${i}@bench.example` }));
  await db.insert(bookingCustomers).values(guests);
  const rows = Array.from({ length: options.count }, (_, n) => {
    const day = addDays(new TZDate(options.from.getTime(), options.timeZone), n % options.days);
    const start = new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      7,
      ((n * 7) % 28) * 30,
      0,
      options.timeZone,
    );
    return {
      bookingid: newId(),
      businessid,
      resourceid,
      customerid: guests[n % guests.length]!.id,
      startsAt: new Date(start.getTime()),
      endsAt: addMinutes(new Date(start.getTime()), 30 * (1 + (n % 3))),
      partysize: 1 + (n % 2),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));
  return { resourceid };
}
