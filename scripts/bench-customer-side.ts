/**
 * The customer side at size: the followers list and the CSV export at 10,000 followers, and the upload of
 * a 5 MB image, each beside its floor measured in the same run.
 *   followers page: GET /api/businesses/me/followers?page=… over HTTP (token check, guard, scoping,
 *     validation, JSON) vs. the same two SQL statements run directly on the driver;
 *   CSV export: the whole streamed download vs. the same keyset batches through csv-stringify, no HTTP;
 *   5 MB upload: upload-url + PUT to the signed target (body cap, magic bytes, single-use spend, insert)
 *     vs. a bare Hono PUT route in this process that reads the body and does one INSERT.
 * Usage: npx tsx scripts/bench-customer-side.ts [--followers 10000] [--runs 20]
 * With BENCH_DATABASE_URL=postgres://…/db it runs on a fresh PostgreSQL database (dropped after).
 *
 * The 10,000 customers are inserted with SQL (insertFollowers in scripts/lib/bench-app.ts says why).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { stringify } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { media } from '../server/db/schema.ts';
import { newId } from '../server/lib/crypto.ts';
import { neutraliseFormula } from '../server/lib/spreadsheet.ts';
import { encodePng } from '../server/media/png.ts';
import { exportBatches, followersPage } from '../server/routes/followers/followers.queries.ts';
import { signInCustomer } from '../server/sim/customers.ts';
import { BENCH_PASSWORD, benchApp, benchOwner, insertFollowers } from './lib/bench-app.ts';

const { values } = parseArgs({ options: { followers: { type: 'string' }, runs: { type: 'string' } } });
const FOLLOWERS = Number(values.followers ?? 10_000);
const RUNS = Number(values.runs ?? 20);
const { deps, db, env, server, database, scratch } = await benchApp();

// The owner, through the identity (as the users CLI makes one), on Pro: 10,000 followers allowed.
const password = BENCH_PASSWORD;
const owner = await benchOwner(deps, { email: 'bench.owner@example.com', businessname: 'Bench Bakery' });

const seedStart = performance.now();
await insertFollowers(db, owner.businessid, FOLLOWERS);
const seeded = (performance.now() - seedStart) / 1000;

const call = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
const token = await signInCustomer(
  call,
  { userPoolId: env.USER_POOL_ID, clientId: env.USER_POOL_CLIENT_ID },
  'bench.owner@example.com',
  password,
);
const auth = { authorization: `Bearer ${token}` };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
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

// Floors: the same statements on the driver.
const floorStatements = followersPage(db, 'floor_followers');
const pageFloor = (page: number) =>
  Promise.all([
    floorStatements.pageOf.execute({ businessid: owner.businessid, limit: 20, offset: (page - 1) * 20 }),
    floorStatements.totalOf.execute({ businessid: owner.businessid }),
  ]);
async function csvFloor() {
  let bytes = 0;
  for await (const rows of exportBatches(db, owner.businessid)) {
    bytes += stringify(
      rows.map((f) => [
        f.firstname ?? '',
        f.lastname ?? '',
        f.email,
        f.followedAt.toISOString(),
        f.createdAt.toISOString(),
      ]),
      { cast: { string: neutraliseFormula } },
    ).length;
  }
  return bytes;
}

const pages = Math.ceil(FOLLOWERS / 20);
const results: Array<[string, number, number]> = [];
for (const [label, page] of [
  ['followers page 1', 1],
  [`followers page ${Math.ceil(pages / 2)} (middle)`, Math.ceil(pages / 2)],
  [`followers page ${pages} (last)`, pages],
] as const) {
  const api = await time(RUNS, async () => {
    const res = await call(`/api/businesses/me/followers?page=${page}`, { headers: auth });
    if (!res.ok) throw new Error(`followers answered ${res.status}`);
    await res.arrayBuffer();
  });
  results.push([label, api, await time(RUNS, () => pageFloor(page))]);
}
let csvBytes = 0;
const csvApi = await time(Math.max(3, RUNS / 4), async () => {
  const res = await call('/api/businesses/me/followers/export', { headers: auth });
  csvBytes = (await res.arrayBuffer()).byteLength;
});
results.push([
  `CSV export, ${FOLLOWERS.toLocaleString('en')} rows (${(csvBytes / 1e6).toFixed(2)} MB)`,
  csvApi,
  await time(Math.max(3, RUNS / 4), csvFloor),
]);

// 5 MB: a PNG of random pixels just under the cap.
const side = Math.floor(Math.sqrt((5 * 1024 * 1024 - 4096) / 3));
const noise = randomBytes(side * side * 3);
let k = 0;
const image = new Uint8Array(
  encodePng(side, side, () => [noise[k++ % noise.length]!, noise[k++ % noise.length]!, noise[k++ % noise.length]!]),
);
const floorApp = new Hono().put('/upload', async (c) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  await db.insert(media).values({
    key: `floor/${newId()}`,
    businessid: owner.businessid,
    contentType: 'image/png',
    size: bytes.byteLength,
    bytes,
  });
  return c.json({ ok: true }, 201);
});
const floorServer = serve({ fetch: floorApp.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => floorServer.once('listening', resolve));
const floorUrl = `http://127.0.0.1:${(floorServer.address() as { port: number }).port}/upload`;
const uploadRuns = Math.max(5, RUNS / 2);
const uploadApi = await time(uploadRuns, async () => {
  const target = await call('/api/posts/upload-url?filename=big.png&fileType=image%2Fpng', { headers: auth });
  const { uploadUrl } = (await target.json()) as { uploadUrl: string };
  const put = await fetch(new URL(uploadUrl, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest' },
    body: image,
  });
  if (put.status !== 201) throw new Error(`upload answered ${put.status}`);
});
const uploadFloor = await time(uploadRuns, async () => {
  const put = await fetch(floorUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: image });
  if (put.status !== 201) throw new Error(`floor answered ${put.status}`);
});
results.push([
  `upload of a ${(image.byteLength / 1024 / 1024).toFixed(2)} MB PNG (upload-url + PUT)`,
  uploadApi,
  uploadFloor,
]);

console.log(
  `${scratch ? 'PostgreSQL' : 'PGlite'}, ${FOLLOWERS.toLocaleString('en')} followers (seeded in ${seeded.toFixed(1)} s), median of ${RUNS} runs (CSV ${Math.max(3, RUNS / 4)}, upload ${uploadRuns})`,
);
console.log('| what | API ms | floor ms | API ÷ floor |');
console.log('| --- | --- | --- | --- |');
for (const [label, api, floor] of results)
  console.log(`| ${label} | ${api.toFixed(1)} | ${floor.toFixed(1)} | ${(api / floor).toFixed(2)} |`);

floorServer.close();
await server.close();
await database.close();
await scratch?.drop();
process.exit(0);
