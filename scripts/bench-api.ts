/**
 * API benchmark (issue 13): the owner's hot reads at size, each beside its floor measured in the same run.
 *   - the server: the bundle `npm start` runs (dist-server/index.mjs, built first when stale) in its own
 *     process (every middleware, the guard's session check, validation, the contract's shape);
 *   - the floor: `scripts/bench-floor.ts` in its own process, a bare Hono handler per endpoint doing the
 *     same jose RS256 check (every time, no cache) and THE SAME statements (the route's drizzle builders,
 *     the voucher lookup's limiter too, the same driver and pool);
 *   - the load: autocannon in this process over loopback, 10 connections, 10 s per target after a 2 s
 *     warm-up, server and floor interleaved per endpoint.
 * The data: one business with a week of 500 bookings, 10,000 followers, 20 customers who follow, write
 * and claim a voucher (through the customer API), and their conversations.
 * Also: the slot module over a month of 1,000 bookings (in process, beside a bare sweep of the same
 * bookings), `npm start` to ready cold and warm (beside a bare Hono process), and the server's RSS idle,
 * after --requests (100,000) point reads and 10 s later (is it flat?), and its peak under load.
 * Each row also gives the bytes of the answer's status line and headers, the server's and the floor's.
 * Usage: npm run bench:api [-- --seconds 10 --connections 10 --requests 100000 --port 19000 --no-start]
 *   --memory-only: the memory phase alone (no floor, no timed runs); --probe-memory: V8's heap beside the RSS.
 * With BENCH_DATABASE_URL=postgres://…/db everything runs on a fresh PostgreSQL database (dropped after).
 * The 10,000 followers and 500 bookings are inserted with SQL (scripts/lib/bench-app.ts says why); the
 * customers who write and claim come through the customer API. Only a quiet machine gives figures worth
 * writing down: the load generator shares its cores with the servers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TZDate } from '@date-fns/tz';
import autocannon from 'autocannon';
import { addDays, addMinutes, format } from 'date-fns';
import { decodeJwt } from 'jose';
import { boot } from '../server/boot.ts';
import { openDatabase } from '../server/db/client.ts';
import { defaultEnv } from '../server/env.ts';
import { availableSlots, type TakenBooking } from '../server/lib/slots.ts';
import { claimVoucher, person, signInCustomer } from '../server/sim/customers.ts';
import { simulateInProcess } from '../server/sim/in-process.ts';
import { BENCH_PASSWORD, benchOwner, insertBookings, insertFollowers } from './lib/bench-app.ts';
import {
  buildServer,
  buildSpa,
  needsBuild,
  needsServerBuild,
  root,
  serverEntry,
  serverNodeFlags,
} from './lib/build.ts';
import { probeEnv, probeMemory, treeCpuMs } from './lib/memory.ts';
import { scratchDatabase } from './lib/scratch-database.ts';
import { startUpFigures, treeRss, waitFor } from './lib/start-timing.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    'no-start': { type: 'boolean' },
    requests: { type: 'string' },
    port: { type: 'string' },
    'probe-memory': { type: 'boolean' },
    'memory-only': { type: 'boolean' },
  },
});
const SECONDS = Number(values.seconds ?? 10);
const CONNECTIONS = Number(values.connections ?? 10);
const WARMUP = Number(values.warmup ?? 2);
/** Requests of the memory phase: the server's RSS idle, then after these many point reads. */
const MEMORY_REQUESTS = Number(values.requests ?? 100_000);
const ZONE = 'Europe/London';
const OWNER = 'bench.api@example.com';
const FOLLOWERS = 10_000;
const WEEK_BOOKINGS = 500;
const CUSTOMERS = 20;

const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const port = values.port ? Number(values.port) : 19_000 + Math.floor(Math.random() * 1000);
const floorPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const floorBase = `http://127.0.0.1:${floorPort}`;
const tmp = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
const dataDir = path.join(tmp, 'server');
const floorDir = path.join(tmp, 'floor');
/** --memory-only: no floor, no timed runs, no slots or start-up: the memory phase alone. */
const MEMORY_ONLY = values['memory-only'] === true;
/** --probe-memory: the server reports its heap beside its RSS at each memory checkpoint (scripts/lib/memory.ts). */
const probeFile = values['probe-memory'] ? path.join(tmp, 'memory-probe.jsonl') : undefined;
const probe = async (pid: number, label: string) => {
  if (probeFile) console.log(`  memory ${label}: ${await probeMemory(pid, probeFile)}`);
};
const postgres = process.env.BENCH_DATABASE_URL
  ? await scratchDatabase(process.env.BENCH_DATABASE_URL, 'portal_bench')
  : undefined;
const databaseLabel = postgres ? 'PostgreSQL' : 'PGlite';
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  DATABASE_URL: postgres?.url ?? '',
  LOG_REQUESTS: 'false',
  NODE_ENV: 'development',
  DEMO_SEED: 'false',
};
const children: ChildProcess[] = [];

try {
  console.log(`bench:api on ${databaseLabel}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`);

  // 1. The data, in process, on the database the server will open.
  const seedStarted = performance.now();
  const seeded = await seed();
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  if (!postgres) cpSync(dataDir, floorDir, { recursive: true });

  // 2. The server as npm start runs it (its bundle, built when stale; the build is not timed), and the floor.
  if (needsBuild()) buildSpa();
  if (needsServerBuild()) await buildServer();
  const server = bundled({
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(probeFile ? probeEnv(probeFile) : {}),
  });
  children.push(server);
  await waitFor(`${base}/healthz`);
  const call = (p: string, init?: RequestInit) => fetch(new URL(p, base), init);
  const token = await signInCustomer(call, seeded.pool, OWNER, BENCH_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  let floor: ChildProcess | undefined;
  if (!MEMORY_ONLY) {
    floor = tsx('scripts/bench-floor.ts', {
      PORT: String(floorPort),
      DATA_DIR: floorDir,
      TOKEN_ISSUER: String(decodeJwt(token).iss),
      FLOOR_BUSINESS: seeded.businessid,
    });
    children.push(floor);
    await waitFor(`${floorBase}/users/me`, auth);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const idleRss = treeRss(server.pid!);

  const etag = (await call('/api/messaging/business/conversations?status=active', { headers: auth })).headers.get(
    'etag',
  )!;
  const window = `startDate=${seeded.week.start.toISOString()}&endDate=${seeded.week.end.toISOString()}`;
  type Pair = { label: string; api: string; floor: string; headers: Record<string, string>; status: number };
  const pairs: Pair[] = [
    { label: 'GET /api/users/me', api: '/api/users/me', floor: '/users/me', headers: auth, status: 200 },
    { label: 'GET /api/businesses/me', api: '/api/businesses/me', floor: '/businesses/me', headers: auth, status: 200 },
    {
      label: `GET /api/businesses/me/bookings (a week, ${WEEK_BOOKINGS} bookings)`,
      api: `/api/businesses/me/bookings?${window}`,
      floor: `/bookings?${window}`,
      headers: auth,
      status: 200,
    },
    {
      label: `GET conversations poll, 200 (${CUSTOMERS} conversations)`,
      api: '/api/messaging/business/conversations?status=active',
      floor: '/conversations',
      headers: auth,
      status: 200,
    },
    {
      label: 'GET conversations poll, 304 (If-None-Match)',
      api: '/api/messaging/business/conversations?status=active',
      floor: '/conversations',
      headers: { ...auth, 'if-none-match': etag },
      status: 304,
    },
    {
      label: 'GET /api/redeem/lookup/{code}',
      api: `/api/redeem/lookup/${seeded.code}`,
      floor: `/redeem/lookup/${seeded.code}`,
      headers: auth,
      status: 200,
    },
    {
      label: `GET /api/businesses/me/followers?page=1 (${FOLLOWERS.toLocaleString('en')} followers)`,
      api: '/api/businesses/me/followers?page=1',
      floor: '/followers?page=1',
      headers: auth,
      status: 200,
    },
  ];
  // Both sides must answer the same thing before their speed means anything.
  const headerBytes = new Map<Pair, string>();
  for (const pair of MEMORY_ONLY ? [] : pairs) {
    const [a, f] = await Promise.all([
      fetch(base + pair.api, { headers: pair.headers }),
      fetch(floorBase + pair.floor, { headers: pair.headers }),
    ]);
    const [aBody, fBody] = [await a.text(), await f.text()];
    if (a.status !== pair.status || f.status !== pair.status) {
      throw new Error(`${pair.label}: server ${a.status}, floor ${f.status}, expected ${pair.status}\n${aBody}`);
    }
    if (aBody.length !== fBody.length) {
      throw new Error(`${pair.label}: the floor answers ${fBody.length} bytes, the server ${aBody.length}`);
    }
    headerBytes.set(pair, `${sizeOfHeaders(a)} / ${sizeOfHeaders(f)}`);
  }

  // Memory: RSS idle, then after MEMORY_REQUESTS point reads (a quarter each on users/me, businesses/me,
  // the 304 poll and the voucher lookup), and again after 10 s without requests.
  const memoryPairs = pairs.filter((pair) => !/bookings|followers|, 200/.test(pair.label));
  const rssAfter: string[] = [];
  await probe(server.pid!, 'idle');
  let served = 0;
  for (const pair of memoryPairs) {
    const amount = Math.round(MEMORY_REQUESTS / memoryPairs.length);
    const run = await load(base + pair.api, pair.headers, 0, amount);
    if (run.wrong) throw new Error(`${pair.label}: ${run.wrong} answers of the memory phase were not ${pair.status}`);
    served += amount;
    rssAfter.push(`${served.toLocaleString('en')}: ${(treeRss(server.pid!) / 1024).toFixed(0)} MB`);
    await probe(server.pid!, `after ${served.toLocaleString('en')} requests`);
  }
  await new Promise((r) => setTimeout(r, 10_000));
  const settledRss = treeRss(server.pid!);
  await probe(server.pid!, '10 s later');

  const rows: string[] = [];
  let peakRss = idleRss;
  for (const pair of MEMORY_ONLY ? [] : pairs) {
    await load(base + pair.api, pair.headers, WARMUP);
    await load(floorBase + pair.floor, pair.headers, WARMUP);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, treeRss(server.pid!));
    }, 250);
    const serverCpu = treeCpuMs(server.pid!);
    const api = await load(base + pair.api, pair.headers, SECONDS);
    const apiCpu = (treeCpuMs(server.pid!) - serverCpu) / api.total;
    clearInterval(sampler);
    const floorCpu = treeCpuMs(floor!.pid!);
    const bare = await load(floorBase + pair.floor, pair.headers, SECONDS);
    const bareCpu = (treeCpuMs(floor!.pid!) - floorCpu) / bare.total;
    for (const [side, run] of [
      ['server', api],
      ['floor', bare],
    ] as const) {
      if (run.wrong) throw new Error(`${pair.label}: ${run.wrong} answers of the ${side} were not ${pair.status}`);
    }
    rows.push(
      `| ${databaseLabel} | ${pair.label} | ${api.rps.toFixed(0)} | ${api.p50} / ${api.p99} | ` +
        `${bare.rps.toFixed(0)} | ${bare.p50} / ${bare.p99} | ${(api.rps / bare.rps).toFixed(2)} | ` +
        `${(apiCpu * 1000).toFixed(0)} / ${(bareCpu * 1000).toFixed(0)} (${(bareCpu / apiCpu).toFixed(2)}) | ${headerBytes.get(pair)} |`,
    );
  }
  if (rows.length) {
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per target after ${WARMUP} s warm-up; load average now ${loadavg()[0]!.toFixed(2)}\n`,
    );
    console.log(
      '| database | endpoint | API req/s | API p50 / p99 ms | floor req/s | floor p50 / p99 ms | × floor | CPU µs per request API / floor (floor ÷ API) | header bytes API / floor |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  }
  console.log(
    `\nserver RSS (${databaseLabel}): idle ${(idleRss / 1024).toFixed(0)} MB; after requests ${rssAfter.join(', ')}; ` +
      `10 s later ${(settledRss / 1024).toFixed(0)} MB (${(settledRss / idleRss).toFixed(2)} × idle); ` +
      `peak during the timed runs ${(peakRss / 1024).toFixed(0)} MB`,
  );
  for (const child of children.splice(0)) await stop(child);

  if (!MEMORY_ONLY) slotComputation();
  if (!values['no-start'] && !MEMORY_ONLY) {
    const startDb = postgres ? await scratchDatabase(process.env.BENCH_DATABASE_URL!, 'portal_bench_start') : undefined;
    try {
      console.log(
        `\n${await startUpFigures({ env: serverEnv, port, floorPort, dataDir: path.join(tmp, 'start'), databaseUrl: startDb?.url })}`,
      );
    } finally {
      await startDb?.drop();
    }
  }
} finally {
  for (const child of children) await stop(child);
  rmSync(tmp, { recursive: true, force: true });
  await postgres?.drop();
}

/** The business and its data, made in this process on the database the server will open, then closed. */
async function seed() {
  const database = postgres
    ? await openDatabase({ kind: 'postgres', url: postgres.url })
    : await openDatabase({ kind: 'pglite', dataDir });
  try {
    const env = defaultEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false' });
    const { app, deps } = await boot({ env, database, log: { info: () => {}, error: console.error } });
    const pool = { userPoolId: env.USER_POOL_ID, clientId: env.USER_POOL_CLIENT_ID };
    const { businessid } = await benchOwner(deps, { email: OWNER, businessname: 'Bench Bistro', timezone: ZONE });
    const call = async (p: string, init?: RequestInit) => app.request(`http://localhost${p}`, init);
    const ownerToken = await signInCustomer(call, pool, OWNER, BENCH_PASSWORD);
    const today = new Date();
    const made = await call(`/api/businesses/${businessid}/vouchers`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Bearer ${ownerToken}`,
      },
      body: JSON.stringify({
        title: 'Free pastry with any coffee',
        description: 'Pick any pastry from the counter.',
        vouchertypeid: 3,
        value: 4.5,
        rules: 'One per customer.',
        startdate: format(addDays(today, -1), 'yyyy-MM-dd'),
        enddate: format(addDays(today, 365), 'yyyy-MM-dd'),
        isactive: true,
      }),
    });
    if (made.status !== 201) throw new Error(`voucher: ${made.status} ${await made.text()}`);
    const { voucherid } = (await made.json()) as { voucherid: string };
    const codes: string[] = [];
    const people = Array.from({ length: CUSTOMERS }, (_, i) => person(i, 'bench.example'));
    await simulateInProcess(deps, {
      businessid,
      people,
      times: people.map(() => new Date()),
      chat: true,
      afterSignUp: async (customerCall, token) => {
        codes.push((await claimVoucher(customerCall, token, voucherid)).code);
      },
    });
    await insertFollowers(deps.db, businessid, FOLLOWERS);
    const start = new TZDate(2027, 2, 1, ZONE);
    const week = { start: new Date(start.getTime()), end: new Date(new TZDate(2027, 2, 8, ZONE).getTime()) };
    await insertBookings(deps.db, businessid, { count: WEEK_BOOKINGS, days: 7, from: start, timeZone: ZONE });
    return { businessid, pool, code: codes[0]!, week };
  } finally {
    await database.close();
  }
}

/** The slot module over a month of 1,000 bookings (every day, 60 minutes, party of 1), beside its floor. */
function slotComputation() {
  const days = 31;
  const first = new TZDate(2027, 2, 1, ZONE);
  const month: TakenBooking[] = Array.from({ length: 1000 }, (_, n) => {
    const start = new TZDate(2027, 2, 1 + (n % days), 7, ((n * 7) % 28) * 30, 0, ZONE);
    return { start: new Date(start.getTime()), end: addMinutes(start, 30 * (1 + (n % 3))), partysize: 1 + (n % 2) };
  });
  const rules = [0, 1, 2, 3, 4, 5, 6].map((dayofweek) => ({ dayofweek, starttime: '07:00', endtime: '22:00' }));
  const now = new Date(first.getTime() - 86_400_000);
  const dates = Array.from({ length: days }, (_, d) => format(addDays(new TZDate(2027, 2, 1, ZONE), d), 'yyyy-MM-dd'));
  const byDay = dates.map((_, d) => {
    const from = new TZDate(2027, 2, d, ZONE).getTime();
    const to = new TZDate(2027, 2, 2 + d, ZONE).getTime();
    return month.filter((b) => b.start.getTime() >= from && b.start.getTime() < to);
  });
  const module = () => {
    let offered = 0;
    for (const [d, date] of dates.entries()) {
      offered += availableSlots({
        date,
        timeZone: ZONE,
        duration: 60,
        partysize: 1,
        now,
        resource: { capacity: 4, isactive: true },
        rules,
        closures: [],
        bookings: byDay[d]!,
      }).length;
    }
    return offered;
  };
  // The floor: the least any slot computation does, one sweep adding each booking's party to the
  // half-hour cells it covers, then a pass over the day's cells against the capacity. No zones, no rules.
  const sweep = () => {
    let offered = 0;
    for (const [d] of dates.entries()) {
      const dayStart = new TZDate(2027, 2, 1 + d, 7, 0, 0, ZONE).getTime();
      const cells = new Array<number>(30).fill(0);
      for (const b of byDay[d]!) {
        for (let t = b.start.getTime(); t < b.end.getTime(); t += 1_800_000) {
          const cell = Math.floor((t - dayStart) / 1_800_000);
          if (cell >= 0 && cell < 30) cells[cell]! += b.partysize;
        }
      }
      for (let cell = 0; cell + 1 < 30; cell++) if (Math.max(cells[cell]!, cells[cell + 1]!) + 1 <= 4) offered++;
    }
    return offered;
  };
  const time = (work: () => number) => {
    work();
    const ms: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      work();
      ms.push(performance.now() - t);
    }
    return median(ms);
  };
  const [moduleMs, sweepMs] = [time(module), time(sweep)];
  console.log(
    `\nslot computation, a month of 1,000 bookings (31 days, median of 30): module ${moduleMs.toFixed(1)} ms, ` +
      `floor (bare sweep) ${sweepMs.toFixed(2)} ms, ${(moduleMs / sweepMs).toFixed(0)} × floor; ` +
      `${module()} slots offered (the sweep's ${sweep()})`,
  );
}

/** The server as `npm start` runs it: plain Node on the bundle (scripts/start.mjs builds it when stale). */
function bundled(extra: NodeJS.ProcessEnv) {
  return spawn(process.execPath, [...serverNodeFlags, '--enable-source-maps', serverEntry], {
    cwd: root,
    env: { ...serverEnv, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function tsx(script: string, extra: NodeJS.ProcessEnv) {
  return spawn(process.execPath, [tsxCli, script], {
    cwd: root,
    env: { ...serverEnv, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The bytes of an answer's status line and headers as sent (HTTP/1.1), without the body. */
function sizeOfHeaders(response: Response): number {
  let bytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length + 2;
  response.headers.forEach((value, name) => {
    bytes += name.length + 2 + value.length + 2;
  });
  return bytes;
}

type Run = { rps: number; total: number; p50: number; p99: number; wrong: number };
/** `seconds` of load, or `amount` requests when given. */
async function load(url: string, headers: Record<string, string>, seconds: number, amount?: number): Promise<Run> {
  const expected = headers['if-none-match'] ? 304 : 200;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    headers,
    ...(amount ? { amount } : { duration: seconds }),
  });
  const answered = Object.entries(result.statusCodeStats ?? {}).reduce(
    (sum, [code, stat]) => (Number(code) === expected ? sum : sum + (stat as { count: number }).count),
    0,
  );
  return {
    rps: result.requests.total / seconds,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    wrong: answered + result.errors + result.timeouts,
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function median(list: number[]): number {
  return [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
}
