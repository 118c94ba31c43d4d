/**
 * What a messaging poll costs (issue 12): the bytes of an idle conversations poll (a 304, counted on the
 * wire: request and answer), and the conversations poll's req/s at 200 (the list) and 304 (nothing new),
 * each beside its floor: a bare Hono handler in the same process that verifies the same token with jose
 * and runs the same statements on the same driver (the owner's business, then the version; for 200 also
 * the list), no middleware, no ORM.
 * Usage: npx tsx scripts/bench-messaging.ts [--conversations 20] [--seconds 5] [--connections 16]
 * With BENCH_DATABASE_URL=postgres://…/db it runs on a fresh PostgreSQL database (dropped after).
 * The customers write through the customer API (the simulator's in-process path); the load runs in a
 * worker thread. Only a quiet machine gives figures worth writing down.
 */
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { decodeJwt, importJWK, type JWK, jwtVerify } from 'jose';
import { person, signInCustomer } from '../server/sim/customers.ts';
import { simulateInProcess } from '../server/sim/in-process.ts';
import { BENCH_PASSWORD, benchApp, benchOwner } from './lib/bench-app.ts';

const { values } = parseArgs({
  options: { conversations: { type: 'string' }, seconds: { type: 'string' }, connections: { type: 'string' } },
});
const CONVERSATIONS = Number(values.conversations ?? 20);
const SECONDS = Number(values.seconds ?? 5);
const CONNECTIONS = Number(values.connections ?? 16);
const { deps, db, env, server, database, scratch } = await benchApp();

// The owner (as the users CLI makes one) on Pro; customers who follow and write, through the customer API.
const password = BENCH_PASSWORD;
const { businessid } = await benchOwner(deps, { email: 'bench.owner@example.com', businessname: 'Bench Bakery' });
const seedStart = performance.now();
const people = Array.from({ length: CONVERSATIONS }, (_, i) => person(i, 'bench.example'));
await simulateInProcess(deps, { businessid, people, times: people.map(() => new Date()), chat: true });
const seeded = (performance.now() - seedStart) / 1000;

const call = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
const pool = { userPoolId: env.USER_POOL_ID, clientId: env.USER_POOL_CLIENT_ID };
const token = await signInCustomer(call, pool, 'bench.owner@example.com', password);
const LIST = '/api/messaging/business/conversations?status=active';
const first = await call(LIST, { headers: { authorization: `Bearer ${token}` } });
const etag = first.headers.get('etag')!;
const listBytes = (await first.arrayBuffer()).byteLength;

/** One request over a raw socket: the bytes sent and received, as the network carries them. */
function onTheWire(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ sent: number; received: number; status: number }>((resolve, reject) => {
    const request = [`GET ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', 'Accept: application/json']
      .concat(Object.entries(headers).map(([k, v]) => `${k}: ${v}`))
      .join('\r\n')
      .concat('\r\n\r\n');
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks);
      resolve({
        sent: Buffer.byteLength(request),
        received: answer.byteLength,
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.toString('latin1'))?.[1]),
      });
    });
  });
}
const port = Number(new URL(server.url).port);
const idle = await onTheWire(port, LIST, { Authorization: `Bearer ${token}`, 'If-None-Match': etag });
if (idle.status !== 304) throw new Error(`the idle poll answered ${idle.status}, not 304`);

// The floor: the same token check and the same statements, nothing else.
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const keys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();
for (const row of rows<{ kid: string; public_jwk: JWK }>(
  await db.execute(sql`select kid, public_jwk from signing_keys where active`),
)) {
  keys.set(row.kid, await importJWK(row.public_jwk, 'RS256'));
}
const issuer = String(decodeJwt(token).iss);
const floor = new Hono();
floor.get('/floor/:kind', async (c) => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!bearer) return c.json({ message: 'Sign in to continue.' }, 401);
  const { payload } = await jwtVerify(bearer, async (header) => keys.get(header.kid!)!, {
    algorithms: ['RS256'],
    issuer,
  });
  const [business] = rows<{ businessid: string }>(
    await db.execute(sql`select businessid from businesses where owner_userid = ${payload.sub}`),
  );
  const [version] = rows<{ version: number }>(
    await db.execute(sql`select version from messaging_versions where businessid = ${business!.businessid}`),
  );
  const tag = `"${version?.version ?? 0}"`;
  if (c.req.param('kind') === '304') return c.body(null, 304, { ETag: tag });
  const list = rows(
    await db.execute(sql`select c.conversationid, u.firstname, u.lastname as surname, c.last_message,
      c.last_message_at, c.unread_count, c.is_active from conversations c join users u on u.userid = c.customerid
      where c.businessid = ${business!.businessid} and c.is_active
      order by coalesce(c.last_message_at, c.created_at) desc, c.conversationid desc`),
  );
  return c.json(list, 200, { ETag: tag });
});
const floorServer = serve({ fetch: floor.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => floorServer.once('listening', resolve));
const floorBase = `http://127.0.0.1:${(floorServer.address() as { port: number }).port}`;

async function rps(url: string, headers: Record<string, string>, expected: number) {
  const result = await autocannon({
    url,
    duration: SECONDS,
    connections: CONNECTIONS,
    workers: 1,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  const ok = (result.statusCodeStats as Record<string, { count: number }> | undefined)?.[String(expected)]?.count;
  if (ok === undefined || ok < result.requests.total * 0.99) {
    throw new Error(`${url} did not answer ${expected} (codes: ${JSON.stringify(result.statusCodeStats)})`);
  }
  return result.requests.total / SECONDS;
}
const runs: Array<[string, number, number]> = [
  [
    `conversations poll, 200 (${CONVERSATIONS} conversations, ${listBytes} bytes of JSON)`,
    await rps(`${server.url}${LIST}`, {}, 200),
    await rps(`${floorBase}/floor/200`, {}, 200),
  ],
  [
    'conversations poll, 304 (If-None-Match, nothing new)',
    await rps(`${server.url}${LIST}`, { 'if-none-match': etag }, 304),
    await rps(`${floorBase}/floor/304`, {}, 304),
  ],
];

console.log(
  `${scratch ? 'PostgreSQL' : 'PGlite'}, ${CONVERSATIONS} conversations (written through the customer API in ${seeded.toFixed(1)} s), ${SECONDS} s per run, ${CONNECTIONS} connections`,
);
console.log(
  `Idle poll (304) on the wire: ${idle.received} bytes received, ${idle.sent} bytes sent (of which the bearer token ${token.length}).`,
);
console.log('| what | API req/s | floor req/s | API ÷ floor |');
console.log('| --- | --- | --- | --- |');
for (const [label, api, floorRps] of runs)
  console.log(`| ${label} | ${api.toFixed(0)} | ${floorRps.toFixed(0)} | ${(api / floorRps).toFixed(2)} |`);

floorServer.close();
await server.close();
await database.close();
await scratch?.drop();
process.exit(0);
