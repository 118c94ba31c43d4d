/**
 * Bad input, generated from /api/openapi.json: for every operation with a JSON body or a query, each
 * field gets wrong types, goes missing, grows huge, carries NUL / lone surrogates / bidi overrides, and
 * numbers turn negative, fractional, NaN-like or out of range. Every one is refused with a 4xx and a
 * { message }, never a 5xx, and the database is the same afterwards. Bodies over the limit are refused
 * before they are sent. A new route is swept as soon as it is described in the document (which
 * tests/server/openapi.test.ts makes sure of). Mass assignment: mass-assignment.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyMutations, type Mutation, namesField, queryMutations } from './support/mutations.ts';
import { type DocOperation, declareHugeBody, dumpDatabase, inBatches } from './support/openapi-sweep.ts';
import { type Sweep, startSweep } from './support/sweep-fixtures.ts';

let sweep: Sweep;
beforeAll(async () => {
  sweep = await startSweep();
});
afterAll(() => sweep?.server.stop());

const RAW = '__raw_json_value__';

type Case = { o: DocOperation; m: Mutation; where: 'body' | 'query' };

function casesOf(o: DocOperation): Case[] {
  const cases: Case[] = [];
  if (o.body) {
    const required = new Set<string>(o.body.schema.required ?? []);
    for (const [field, schema] of Object.entries<Record<string, unknown>>(o.body.schema.properties ?? {})) {
      for (const m of bodyMutations(field, schema, required.has(field), o.body.example[field])) {
        cases.push({ o, m, where: 'body' });
      }
    }
  }
  for (const p of o.query) {
    for (const m of queryMutations(p.name, p.schema, p.required, p.example ?? '')) cases.push({ o, m, where: 'query' });
  }
  return cases;
}

function send({ o, m, where }: Case) {
  const { call, ownIds, exampleQuery } = sweep;
  if (where === 'query') {
    return call(o, {
      query: { ...exampleQuery(o), [m.field]: m.missing ? undefined : String(m.value) },
      body: o.body ? JSON.stringify(ownIds(o.body.example)) : undefined,
    });
  }
  const example: Record<string, unknown> = { ...ownIds(o.body!.example) };
  if (m.missing) delete example[m.field];
  else example[m.field] = m.raw !== undefined ? RAW : m.value;
  const text = JSON.stringify(example);
  return call(o, { body: m.raw !== undefined ? text.replace(`"${RAW}"`, m.raw) : text });
}

const swept = () => sweep.operations.filter((o) => o.area !== 'identity' && (o.body || o.query.length));

describe('bad input generated from the document', () => {
  it('refuses every mutation of every field with a 4xx and a { message }, never a 5xx, and stores nothing', async () => {
    const before = await dumpDatabase(sweep.server);
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
      // A body field is named by its label ("Description", "Start time"), never its raw key; a query
      // parameter's name is what the caller typed in the URL, so it may name it.
      else if (c.where === 'body' && response.status === 400 && message.startsWith(`${c.m.field} `)) {
        failures.push(`${name} (names the raw key ${c.m.field}, not its label)`);
      }
    });
    expect(failures).toEqual([]);
    // Every answer, refusals included, is the one the document describes.
    expect(sweep.mismatches).toEqual([]);
    expect(await dumpDatabase(sweep.server)).toEqual(before);
    // Each swept operation got mutations: the document's schemas reached the generator.
    for (const o of swept()) expect(casesOf(o).length, `${o.method} ${o.path}`).toBeGreaterThan(2);
  });
});

describe('bodies over the limit', () => {
  it('are refused with 413 and a message before they are sent, on every operation that takes a body', async () => {
    const withBody = sweep.operations.filter((o) => o.op.requestBody);
    expect(withBody.length).toBeGreaterThan(20);
    const failures: string[] = [];
    await inBatches(withBody, 4, async (o) => {
      const mediaType = Object.keys(o.op.requestBody.content)[0]!;
      const token = sweep.tokenFor(o);
      const answer = await declareHugeBody(sweep.urlOf(o), o.method, {
        'content-type': mediaType,
        'x-requested-with': 'XMLHttpRequest',
        ...(o.area === 'identity' ? { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      });
      // 64 KB of a declared 1 GB went out: the answer came before the body did.
      const message = (JSON.parse(answer.body) as { message?: string }).message;
      if (answer.status !== 413 || !message) failures.push(`${o.method} ${o.path}: ${answer.status} ${answer.body}`);
    });
    expect(failures).toEqual([]);
    expect((await sweep.server.request('/healthz')).status).toBe(200);
  });
});
