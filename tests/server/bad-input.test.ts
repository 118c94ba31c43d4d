/**
 * Bad input, generated from /api/openapi.json: for every operation with a JSON body or a query, each
 * field gets wrong types, goes missing, grows huge, carries NUL / lone surrogates / bidi overrides, and
 * numbers turn negative, fractional, NaN-like or out of range. Every one is refused with a 4xx and a
 * { message }, never a 5xx, and the database is the same afterwards. Bodies over the limit are refused
 * before they are sent; extra fields (mass assignment) are ignored. A new route is swept as soon as it
 * is described in the document (which tests/server/openapi.test.ts makes sure of).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { createOwner, srpTokens } from './support/amplify.ts';
import { follow, registerCustomer, type SignedInCustomer } from './support/customers.ts';
import { bodyMutations, type Mutation, namesField, queryMutations } from './support/mutations.ts';
import {
  type DocOperation,
  declareHugeBody,
  documentOperations,
  dumpDatabase,
  httpCall,
  inBatches,
  queryString,
} from './support/openapi-sweep.ts';
import { voucherBody } from './support/vouchers.ts';

let server: TestServer;
let operations: DocOperation[];
let owner: { token: string; businessid: string };
let customer: SignedInCustomer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Every request comes from its own address (X-Forwarded-For), so per-address rate limits stay out of the way.
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  operations = documentOperations(await (await server.request('/api/openapi.json')).json());
  const made = await createOwner(server, {
    email: 'sweep@example.com',
    password: 'Harbour#Lane1',
    businessName: 'Sweep',
  });
  owner = {
    token: (await srpTokens(server, 'sweep@example.com', 'Harbour#Lane1')).AccessToken,
    businessid: made.businessid!,
  };
  // Pro: room for the resources and posts the examples create.
  await server.deps.db.execute(
    sql`update businesses set packageid = (select packageid from packages where name = 'Pro') where businessid = ${owner.businessid}`,
  );
  // The examples' customer (cleo@example.com), following the business, with a conversation.
  customer = await registerCustomer(server, { email: 'cleo@example.com' });
  expect((await follow(server, customer, owner.businessid)).status).toBe(201);
  const asOwner = async (method: string, path: string, body: unknown) => {
    const response = await server.api(method, path, { token: owner.token, body });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.json();
  };
  const wrote = await server.api('POST', `/api/customer/businesses/${owner.businessid}/messages`, {
    token: customer.accessToken,
    body: { messageText: 'Hello there' },
  });
  ids.conversationid = (await wrote.json()).conversationid;
  ids.resourceid = (
    await asOwner('POST', '/api/booking-resources', { resourcename: 'Harbour table', capacity: 4 })
  ).resourceid;
  await asOwner('POST', '/api/availability', {
    resourceid: ids.resourceid,
    dayofweek: 1,
    starttime: '07:00',
    endtime: '20:00',
  });
  ids.voucherid = (
    await asOwner('POST', `/api/businesses/${owner.businessid}/vouchers`, voucherBody({ enddate: '2030-12-31' }))
  ).voucherid;
});
afterAll(() => server?.stop());

/** The caller's own rows for each path parameter: `{id}` means what its path says. */
function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    if (name === 'businessid') return owner.businessid;
    if (name === 'resourceid') return ids.resourceid!;
    if (name === 'voucherid') return ids.voucherid!;
    if (name === 'code') return 'ABCD2345';
    if (name === 'id' && path.startsWith('/api/businesses/')) return owner.businessid;
    if (name === 'id' && path.includes('/conversations/')) return ids.conversationid!;
    if (name === 'id' && path.startsWith('/api/vouchers/')) return ids.voucherid!;
    if (name === 'id' && path.startsWith('/api/booking-resources/')) return ids.resourceid!;
    throw new Error(`No fixture for {${name}} of ${path}: add one to fillPath in ${import.meta.filename}.`);
  });
}

/** The example with the caller's own ids in place of the document's placeholders. */
const ownIds = <T extends Record<string, unknown>>(example: T): T => {
  const fixtures: Record<string, unknown> = {
    resourceid: ids.resourceid,
    resourceId: ids.resourceid,
    customerEmail: customer.email,
  };
  return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, k in fixtures ? fixtures[k] : v])) as T;
};

let address = 0;
const RAW = '__raw_json_value__';

function call(o: DocOperation, { body, query }: { body?: string; query?: Record<string, string | undefined> }) {
  address += 1;
  const token = o.area === 'owner' ? owner.token : o.area === 'customer' ? customer.accessToken : undefined;
  const baseQuery = ownIds(Object.fromEntries(o.query.map((p) => [p.name, p.example])));
  const url = new URL(`${fillPath(o.path)}${queryString(query ?? baseQuery)}`, server.url).href;
  return httpCall(
    url,
    o.method,
    {
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      ...(o.method !== 'GET' ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
      ...(body !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
        : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  );
}

type Case = { o: DocOperation; m: Mutation; where: 'body' | 'query' };

function casesOf(o: DocOperation): Case[] {
  const cases: Case[] = [];
  if (o.body) {
    const required = new Set<string>(o.body.schema.required ?? []);
    for (const [field, schema] of Object.entries<Record<string, unknown>>(o.body.schema.properties ?? {})) {
      for (const m of bodyMutations(field, schema, required.has(field), o.body.example[field]))
        cases.push({ o, m, where: 'body' });
    }
  }
  for (const p of o.query) {
    for (const m of queryMutations(p.name, p.schema, p.required, p.example ?? '')) cases.push({ o, m, where: 'query' });
  }
  return cases;
}

function send({ o, m, where }: Case) {
  if (where === 'query') {
    const query = ownIds(Object.fromEntries(o.query.map((p) => [p.name, p.example])));
    return call(o, {
      query: { ...query, [m.field]: m.missing ? undefined : String(m.value) },
      body: o.body ? JSON.stringify(ownIds(o.body.example)) : undefined,
    });
  }
  const example: Record<string, unknown> = { ...ownIds(o.body!.example) };
  if (m.missing) delete example[m.field];
  else example[m.field] = m.raw !== undefined ? RAW : m.value;
  const text = JSON.stringify(example);
  return call(o, { body: m.raw !== undefined ? text.replace(`"${RAW}"`, m.raw) : text });
}

const swept = () => operations.filter((o) => o.area !== 'identity' && (o.body || o.query.length));

describe('bad input generated from the document', () => {
  it('refuses every mutation of every field with a 4xx and a { message }, never a 5xx, and stores nothing', async () => {
    const before = await dumpDatabase(server);
    const cases = swept().flatMap(casesOf);
    expect(cases.length).toBeGreaterThan(500);
    const failures: string[] = [];
    await inBatches(cases, 8, async (c) => {
      const response = await send(c).catch((error: Error) => ({ status: 0, text: `no answer: ${error.message}` }));
      const text = response.text;
      const name = `${c.o.method} ${c.o.path} ${c.where} ${c.m.field} ${c.m.what}: ${response.status} ${text.slice(0, 160)}`;
      let message: unknown;
      try {
        message = JSON.parse(text).message;
      } catch {
        message = undefined;
      }
      if (response.status < 400 || response.status >= 500) failures.push(name);
      else if (c.m.status !== undefined && response.status !== c.m.status)
        failures.push(`${name} (expected ${c.m.status})`);
      else if (typeof message !== 'string' || message.trim() === '') failures.push(`${name} (no message)`);
      else if (c.m.namesField && response.status === 400 && !namesField(message, c.m.field)) {
        failures.push(`${name} (the message does not name ${c.m.field})`);
      }
    });
    expect(failures).toEqual([]);
    expect(await dumpDatabase(server)).toEqual(before);
    // Each swept operation got mutations: the document's schemas reached the generator.
    for (const o of swept()) expect(casesOf(o).length, `${o.method} ${o.path}`).toBeGreaterThan(2);
  });
});

describe('bodies over the limit', () => {
  it('are refused with 413 and a message before they are sent, on every operation that takes a body', async () => {
    const withBody = operations.filter((o) => o.op.requestBody);
    expect(withBody.length).toBeGreaterThan(20);
    const failures: string[] = [];
    await inBatches(withBody, 4, async (o) => {
      const mediaType = Object.keys(o.op.requestBody.content)[0]!;
      const token = o.area === 'owner' ? owner.token : o.area === 'customer' ? customer.accessToken : undefined;
      const url = new URL(
        `${fillPath(o.path.replace('{path}', 'x'))}${queryString(ownIds(Object.fromEntries(o.query.map((p) => [p.name, p.example]))))}`,
        server.url,
      );
      const answer = await declareHugeBody(url.href, o.method, {
        'content-type': o.area === 'identity' ? 'application/x-amz-json-1.1' : mediaType,
        'x-requested-with': 'XMLHttpRequest',
        ...(o.area === 'identity' ? { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      });
      // 64 KB of a declared 1 GB went out: the answer came before the body did.
      const message = (JSON.parse(answer.body) as { message?: string }).message;
      if (answer.status !== 413 || !message) failures.push(`${o.method} ${o.path}: ${answer.status} ${answer.body}`);
    });
    expect(failures).toEqual([]);
    expect((await server.request('/healthz')).status).toBe(200);
  });
});

/** Fields a caller must never set: ownership, state and server-set times, with values found nowhere else. */
const STRANGER = '0badc0de-0000-4000-8000-000000000000';
const LONG_AGO = '2001-02-03T04:05:06.000Z';
const EXTRAS: Record<string, unknown> = {
  businessid: STRANGER,
  business_id: STRANGER,
  ownerid: STRANGER,
  owner_userid: STRANGER,
  ownerUserid: STRANGER,
  userid: STRANGER,
  customerid: STRANGER,
  id: STRANGER,
  voucherid: STRANGER,
  issuedvoucherid: STRANGER,
  conversationid: STRANGER,
  messageid: STRANGER,
  bookingid: STRANGER,
  postid: STRANGER,
  status: 'archived',
  statusid: 2,
  issuedvoucherstatusid: 2,
  redeemed: true,
  redeemedAt: LONG_AGO,
  redeemedat: LONG_AGO,
  redeemed_count: 999,
  issued_count: 999,
  createdAt: LONG_AGO,
  createdat: LONG_AGO,
  deletedAt: LONG_AGO,
  deletedat: LONG_AGO,
  packageid: 999,
  groups: ['Admins'],
  emailVerified: true,
};
const squash = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');
const EXTRA_BY_KEY = new Map(Object.entries(EXTRAS).map(([k, v]) => [squash(k), v]));

/** Every [key, value] of an answer, however deep. */
const entriesOf = (value: unknown): Array<[string, unknown]> =>
  typeof value !== 'object' || value === null
    ? []
    : Object.entries(value).flatMap(([k, v]) => [[k, v] as [string, unknown], ...entriesOf(v)]);

/** Reset links come by mail: their examples' tokens are placeholders, so the extras must change nothing else. */
const NEEDS_A_MAILED_TOKEN = new Set(['POST /api/password-reset/reset', 'POST /api/password-reset/check']);

describe('mass assignment', () => {
  it('accepts each valid example with ownership, state and time fields added, and ignores them', async () => {
    const withJson = operations.filter((o) => o.body && o.area !== 'identity');
    const outcomes: string[] = [];
    for (const o of withJson) {
      const example = ownIds(o.body!.example);
      const extras = Object.fromEntries(
        Object.entries(EXTRAS).filter(([k]) => !(k in (o.body!.schema.properties ?? {}))),
      );
      const answer = await call(o, { body: JSON.stringify({ ...example, ...extras }) });
      const name = `${o.method} ${o.path}`;
      if (NEEDS_A_MAILED_TOKEN.has(name)) {
        const plain = await call(o, { body: JSON.stringify(example) });
        if (answer.status !== plain.status || answer.text !== plain.text)
          outcomes.push(`${name}: extras changed the answer`);
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        outcomes.push(`${name}: ${answer.status} ${answer.text}`);
        continue;
      }
      for (const [key, value] of entriesOf(JSON.parse(answer.text))) {
        if (key === 'businessid' && o.area === 'owner' && value !== owner.businessid)
          outcomes.push(`${name}: businessid ${value}`);
        if (EXTRA_BY_KEY.has(squash(key)) && JSON.stringify(value) === JSON.stringify(EXTRA_BY_KEY.get(squash(key)))) {
          outcomes.push(`${name}: ${key} took the caller's ${JSON.stringify(value)}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
    expect(withJson.length).toBeGreaterThan(15);
    // Nothing the callers sent as an extra reached a row: not the stranger's id, not the old date.
    const stored = JSON.stringify(await dumpDatabase(server));
    expect(stored).not.toContain(STRANGER);
    expect(stored).not.toMatch(/2001-02-03/);
  });
});
