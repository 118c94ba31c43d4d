/**
 * Bookings at size: one resource with 1,000 bookings in a month, measured twice: first as they are,
 * then with 10,000 cancelled bookings of the same month beside them (--cancelled), which every read
 * must step over (a cancelled booking holds no seat and is left out of the window).
 *   slots: the slot module for every day of the month (pure, in process), and
 *     GET /api/booking-availability/{id} over HTTP vs. its floor (the same three reads and the slot
 *     module, no HTTP, no token);
 *   window: GET /api/businesses/me/bookings for a week and for the whole month, under load (autocannon,
 *     req/s and p99), vs. its floor: a bare Hono route in this process running the same query and JSON,
 *     without token check, guard, validation or the contract's shape.
 * Usage: npx tsx scripts/bench-bookings.ts [--bookings 1000] [--cancelled 10000] [--seconds 5] [--runs 20]
 *   [--concurrency 16]
 * With BENCH_DATABASE_URL=postgres://…/db it runs on a fresh PostgreSQL database (dropped after).
 *
 * The bookings are inserted with SQL here, and only here: the API would refuse most of them (past times)
 * and is not what is being measured. Tests and the demo seed book through the API or its code. The
 * cancelled ones too: rows as POST /api/bookings/{id}/cancel leaves them (status 'cancelled',
 * cancelled_at and a reason set), since booking and cancelling 10,000 through the API would take minutes
 * and measure the writes, not the reads.
 * Only a quiet machine gives figures worth writing down: the load generator shares the cores.
 */
import { parseArgs } from 'node:util';
import { TZDate } from '@date-fns/tz';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { addDays, addMinutes, format } from 'date-fns';
import { and, asc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import { availabilityRules, bookingCustomers, bookingResources, bookings } from '../server/db/schema.ts';
import { newId } from '../server/lib/crypto.ts';
import { availableSlots } from '../server/lib/slots.ts';
import { slotInputs } from '../server/routes/bookings/bookings.queries.ts';
import { signInCustomer } from '../server/sim/customers.ts';
import { BENCH_PASSWORD, benchApp, benchOwner } from './lib/bench-app.ts';

const { values } = parseArgs({
  options: {
    bookings: { type: 'string' },
    cancelled: { type: 'string' },
    seconds: { type: 'string' },
    runs: { type: 'string' },
    concurrency: { type: 'string' },
  },
});
const BOOKINGS = Number(values.bookings ?? 1000);
const CANCELLED = Number(values.cancelled ?? 10_000);
const SECONDS = Number(values.seconds ?? 5);
const RUNS = Number(values.runs ?? 20);
const CONCURRENCY = Number(values.concurrency ?? 16);
const ZONE = 'Europe/London';

// A clock at the start of the month, so every slot of the month is ahead.
const monthStart = new TZDate(2027, 2, 1, ZONE);
const now = () => new Date(monthStart.getTime() - 86_400_000);
const { deps, db, env, server, database, scratch } = await benchApp({ clock: now });

// The owner (through the identity, as the users CLI makes one) on Pro; one resource of capacity 4,
// open daily 07:00-22:00.
const password = BENCH_PASSWORD;
const { businessid } = await benchOwner(deps, {
  email: 'bench.bookings@example.com',
  businessname: 'Bench Bistro',
  timezone: ZONE,
});
const resource = { resourceid: newId(), resourcename: 'Big Table', description: null, capacity: 4, isactive: true };
await db.insert(bookingResources).values({ ...resource, businessid });
await db.insert(availabilityRules).values(
  [0, 1, 2, 3, 4, 5, 6].map((dayofweek) => ({
    availabilityid: newId(),
    businessid,
    resourceid: resource.resourceid,
    dayofweek,
    starttime: '07:00:00',
    endtime: '22:00:00',
  })),
);
const customers = Array.from({ length: 50 }, (_, i) => ({
  id: newId(),
  businessid,
  email: `guest.${i}@bench.example`,
}));
await db.insert(bookingCustomers).values(customers);

// BOOKINGS bookings over 31 days: 30-90 minutes on the half hour, parties of 1-2, overlapping.
const DAYS = 31;
const rows = Array.from({ length: BOOKINGS }, (_, n) => {
  const day = n % DAYS;
  const slot = (n * 7) % 28; // 07:00 + slot * 30 min, up to 20:30
  const start = new TZDate(2027, 2, 1 + day, 7, slot * 30, 0, ZONE);
  return {
    bookingid: newId(),
    businessid,
    resourceid: resource.resourceid,
    customerid: customers[n % customers.length]!.id,
    startsAt: new Date(start.getTime()),
    endsAt: addMinutes(new Date(start.getTime()), 30 * (1 + (n % 3))),
    partysize: 1 + (n % 2),
  };
});
for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));

const call = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
const token = await signInCustomer(
  call,
  { userPoolId: env.USER_POOL_ID, clientId: env.USER_POOL_CLIENT_ID },
  'bench.bookings@example.com',
  password,
);
const auth = { authorization: `Bearer ${token}` };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(runs: number, work: () => Promise<unknown>) {
  await work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const dates = Array.from({ length: DAYS }, (_, d) => format(addDays(new Date(2027, 2, 1), d), 'yyyy-MM-dd'));
// The calendar window's floor: a bare route with the same query (it skips cancelled bookings as the API does).
const floorApp = new Hono().get('/window', async (c) => {
  const start = new Date(c.req.query('startDate')!);
  const end = new Date(c.req.query('endDate')!);
  const found = await db
    .select({
      bookingid: bookings.bookingid,
      start: bookings.startsAt,
      end: bookings.endsAt,
      partysize: bookings.partysize,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessid, businessid),
        gte(bookings.startsAt, new Date(start.getTime() - 86_400_000)),
        lt(bookings.startsAt, end),
        gt(bookings.endsAt, start),
        isNull(bookings.cancelledAt),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return c.json({ data: found });
});
const floorServer = serve({ fetch: floorApp.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => floorServer.once('listening', resolve));
const floorBase = `http://127.0.0.1:${(floorServer.address() as { port: number }).port}`;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, duration: SECONDS, connections: CONCURRENCY, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures) throw new Error(`${failures} failed requests to ${url}`);
  return { rps: result.requests.total / SECONDS, p99: result.latency.p99 };
}
const windows = [
  ['a week', monthStart, addDays(monthStart, 7)],
  ['the month (31 days)', monthStart, addDays(monthStart, 31)],
] as const;

/** Every figure once, as the table holds now; `label` names the table in each printed line. */
async function measure(label: string) {
  const inputs = await Promise.all(dates.map((date) => slotInputs(db, businessid, resource, date, ZONE)));

  // 1. The slot module alone, every day of the month.
  const pureMonth = await time(RUNS, async () => {
    for (const [i, date] of dates.entries()) {
      availableSlots({ ...inputs[i]!, date, timeZone: ZONE, duration: 60, partysize: 1, now: now() });
    }
  });

  // 2. One day's slots over HTTP vs. the same reads and computation without HTTP.
  const busiest = dates[0]!;
  const slotsApi = await time(RUNS, async () => {
    const res = await call(`/api/booking-availability/${resource.resourceid}?date=${busiest}&duration=60&partysize=1`, {
      headers: auth,
    });
    if (!res.ok) throw new Error(`slots answered ${res.status}`);
    await res.arrayBuffer();
  });
  const slotsFloor = await time(RUNS, async () => {
    const day = await slotInputs(db, businessid, resource, busiest, ZONE);
    JSON.stringify(availableSlots({ ...day, date: busiest, timeZone: ZONE, duration: 60, partysize: 1, now: now() }));
  });

  // 3. The calendar's window under load, vs. its floor.
  const windowResults: string[] = [];
  for (const [what, from, to] of windows) {
    // A TZDate writes its offset (+00:00), which a query string would turn into a space: plain UTC instants.
    const iso = (d: Date) => new Date(d.getTime()).toISOString();
    const query = `startDate=${iso(from)}&endDate=${iso(to)}`;
    const answer = (await (await call(`/api/businesses/me/bookings?${query}`, { headers: auth })).json()) as {
      data?: unknown[];
      message?: string;
    };
    if (!answer.data) throw new Error(`the window answered ${answer.message}`);
    const count = answer.data.length;
    const api = await load(new URL(`/api/businesses/me/bookings?${query}`, server.url).href, auth);
    const floor = await load(`${floorBase}/window?${query}`);
    windowResults.push(
      `GET businesses/me/bookings, window of ${what} (${count} bookings shown): API ${api.rps.toFixed(0)} req/s, p99 ${api.p99} ms; floor ${floor.rps.toFixed(0)} req/s, p99 ${floor.p99} ms; floor ÷ API ${(floor.rps / api.rps).toFixed(2)}`,
    );
  }

  console.log(`\n${label}:`);
  console.log(
    `  slot module, all ${DAYS} days (60 min, party of 1): ${pureMonth.toFixed(2)} ms (${(pureMonth / DAYS).toFixed(3)} ms a day)`,
  );
  console.log(`  GET booking-availability, one day (API): ${slotsApi.toFixed(2)} ms`);
  console.log(
    `  the same reads + slot module, no HTTP (floor): ${slotsFloor.toFixed(2)} ms (API ÷ floor ${(slotsApi / slotsFloor).toFixed(2)})`,
  );
  for (const line of windowResults) console.log(`  ${line}`);
}

console.log(
  `${scratch ? 'PostgreSQL' : 'PGlite'}, one resource (capacity 4) with ${BOOKINGS.toLocaleString('en')} bookings over ${DAYS} days; medians of ${RUNS} runs, load ${SECONDS} s at ${CONCURRENCY} connections`,
);
await measure(`${BOOKINGS.toLocaleString('en')} bookings, none cancelled`);

// CANCELLED cancelled bookings over the same month, as a cancel leaves them: status, time and reason.
const cancelledAt = now();
const cancelled = Array.from({ length: CANCELLED }, (_, n) => {
  const day = n % DAYS;
  const slot = (n * 11) % 28;
  const start = new TZDate(2027, 2, 1 + day, 7, slot * 30, 0, ZONE);
  return {
    bookingid: newId(),
    businessid,
    resourceid: resource.resourceid,
    customerid: customers[n % customers.length]!.id,
    startsAt: new Date(start.getTime()),
    endsAt: addMinutes(new Date(start.getTime()), 30 * (1 + (n % 3))),
    partysize: 1 + (n % 4),
    status: 'cancelled' as const,
    cancelledAt,
    cancelReason: 'Bench: cancelled',
  };
});
for (let i = 0; i < cancelled.length; i += 500) await db.insert(bookings).values(cancelled.slice(i, i + 500));
await measure(
  `${BOOKINGS.toLocaleString('en')} bookings and ${CANCELLED.toLocaleString('en')} cancelled ones in the same month`,
);

floorServer.close();
await server.close();
await database.close();
await scratch?.drop();
process.exit(0);
