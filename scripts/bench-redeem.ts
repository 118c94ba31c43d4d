/**
 * `npm run bench:redeem`: the latency of POST /api/issued-vouchers/{id}/redeem under 50 concurrent
 * requests, beside its floor, in one run:
 *   contended: 50 at once on ONE code (1 redeems, 49 get 409), for --rounds rounds, a fresh code each;
 *   spread:    50 at once on 50 different codes (all redeem), for --rounds rounds;
 *   floor:     the same 50-at-once bursts against a bare Hono route in this process that runs only the
 *              redeem's conditional UPDATE on the same database (no token check, guard, scoping or JSON
 *              contract): what any HTTP redeem costs on this machine and database.
 * Each burst also checks exactly-once: per code, one 200 and the rest 409.
 * Usage: npx tsx scripts/bench-redeem.ts [--rounds 20] [--concurrency 50]
 * With BENCH_DATABASE_URL=postgres://…/db it runs on a fresh PostgreSQL database (dropped after).
 *
 * The customers and their issued codes are inserted with SQL here, and only here (like the followers of
 * bench-customer-side.ts): an SRP sign-up per code is not what is measured. Tests and the demo seed
 * claim codes through the customer API.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { listen } from '../server/boot.ts';
import { issuedVouchers, users, vouchers } from '../server/db/schema.ts';
import { newId } from '../server/lib/crypto.ts';
import { newVoucherCode } from '../server/lib/voucher-codes.ts';
import { signInCustomer } from '../server/sim/customers.ts';
import { BENCH_PASSWORD, benchApp, benchOwner } from './lib/bench-app.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, concurrency: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 20);
const CONCURRENCY = Number(values.concurrency ?? 50);
const { deps, db, env, server, database, scratch } = await benchApp();

// The owner (as the users CLI makes one), a voucher, and the codes to redeem.
const password = BENCH_PASSWORD;
const owner = await benchOwner(deps, { email: 'bench.redeem@example.com', businessname: 'Bench Redeem Cafe' });
const { businessid } = owner;
const voucherid = newId();
await db.insert(vouchers).values({
  voucherid,
  businessid,
  title: 'Bench voucher',
  description: 'Measured.',
  vouchertypeid: 3,
  value: '1.00',
  rules: 'None.',
  startdate: '2020-01-01',
  enddate: '2099-12-31',
});

/** `n` fresh ready codes (one customer each). */
async function freshCodes(n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, () => ({ userid: newId(), id: newId() }));
  await db.insert(users).values(
    rows.map(({ userid }) => ({
      userid,
      username: userid,
      email: `${userid}@bench.example`,
      status: 'CONFIRMED',
      srpSalt: '00',
      srpVerifier: '00',
    })),
  );
  await db.insert(issuedVouchers).values(
    rows.map(({ userid, id }) => ({
      issuedvoucherid: id,
      voucherid,
      businessid,
      customerid: userid,
      code: newVoucherCode(),
    })),
  );
  return rows.map((r) => r.id);
}

// The floor: only the conditional UPDATE, behind a bare route.
const floorApp = new Hono();
floorApp.post('/floor/:id', async (c) => {
  const result = await db.execute(
    sql`update issued_vouchers set statusid = 2, redeemed_at = now(), redeemed_by = ${owner.userid}
        where issuedvoucherid = ${c.req.param('id')} and businessid = ${businessid} and statusid = 1
        returning voucherid`,
  );
  const rows = (result as unknown as { rows: unknown[] }).rows;
  return rows.length ? c.json({ message: 'Redeemed.' }) : c.json({ message: 'Already redeemed.' }, 409);
});
const floor = await listen(floorApp.fetch, 0, '127.0.0.1');

const call = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
const token = await signInCustomer(
  call,
  { userPoolId: env.USER_POOL_ID, clientId: env.USER_POOL_CLIENT_ID },
  owner.email,
  password,
);
const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };

type Burst = { latencies: number[]; statuses: number[] };
async function burst(urls: string[], withAuth: boolean): Promise<Burst> {
  const results = await Promise.all(
    urls.map(async (url) => {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers: withAuth ? headers : {} });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    }),
  );
  return { latencies: results.map((r) => r.ms), statuses: results.map((r) => r.status) };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function summary(name: string, bursts: Burst[]) {
  const all = bursts.flatMap((b) => b.latencies).sort((a, b) => a - b);
  return { name, requests: all.length, p50: quantile(all, 0.5), p99: quantile(all, 0.99) };
}

/** Exactly-once, checked on every burst: per code one 200, the rest 409. */
function checkOnce(ids: string[], result: Burst) {
  const perCode = new Map<string, number[]>();
  for (const [i, id] of ids.entries()) perCode.set(id, [...(perCode.get(id) ?? []), result.statuses[i]!]);
  for (const [id, statuses] of perCode) {
    const ok = statuses.filter((s) => s === 200).length;
    const conflicts = statuses.filter((s) => s === 409).length;
    if (ok !== 1 || ok + conflicts !== statuses.length) throw new Error(`code ${id}: ${statuses.join(',')}`);
  }
}

async function scenario(base: string, path: (id: string) => string, contended: boolean, withAuth: boolean) {
  const bursts: Burst[] = [];
  // One warm-up burst, not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    const codes = await freshCodes(contended ? 1 : CONCURRENCY);
    const ids = Array.from({ length: CONCURRENCY }, (_, i) => codes[contended ? 0 : i]!);
    const result = await burst(
      ids.map((id) => new URL(path(id), base).toString()),
      withAuth,
    );
    checkOnce(ids, result);
    if (round > 0) bursts.push(result);
  }
  return bursts;
}

const rows = [
  summary(
    'redeem, 50 on one code',
    await scenario(server.url, (id) => `/api/issued-vouchers/${id}/redeem`, true, true),
  ),
  summary('floor, 50 on one code', await scenario(floor.url, (id) => `/floor/${id}`, true, false)),
  summary('redeem, 50 codes', await scenario(server.url, (id) => `/api/issued-vouchers/${id}/redeem`, false, true)),
  summary('floor, 50 codes', await scenario(floor.url, (id) => `/floor/${id}`, false, false)),
];

console.log(
  `\nRedeem under ${CONCURRENCY} concurrent requests, ${ROUNDS} rounds, on ${scratch ? 'PostgreSQL' : 'PGlite'} (exactly once held in every burst)\n`,
);
console.log('| scenario | requests | p50 ms | p99 ms |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.name} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`);
for (const [i, j] of [
  [0, 1],
  [2, 3],
] as const) {
  console.log(
    `${rows[i]!.name}: ${(rows[i]!.p50 / rows[j]!.p50).toFixed(1)}x the floor at p50, ${(rows[i]!.p99 / rows[j]!.p99).toFixed(1)}x at p99`,
  );
}

await floor.close();
await server.close();
await database.close();
await scratch?.drop();
process.exit(0);
