import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';
import { answerChecker } from './answers.ts';
import { kindOfPathParameter } from './authz-matrix.ts';
import { follow } from './customers.ts';
import { type DocOperation, documentOperations, httpCall, queryString } from './openapi-sweep.ts';
import { type Ids, makeIds } from './owner-a.ts';
import { type SignedInCustomer, signedInCustomer, signedInOwner } from './signed-in.ts';
import { voucherBody } from './vouchers.ts';

/**
 * A server for the sweeps generated from /api/openapi.json: an owner (on Pro, room for what the examples
 * create) with a resource open on Mondays and a voucher, and the examples' customer (cleo@example.com)
 * following it with a conversation. `call` sends an operation as its right principal, its path ids
 * filled with the caller's own rows.
 */
export async function startSweep() {
  // Every request comes from its own address (X-Forwarded-For), so per-address rate limits stay out of the way.
  const server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  const document = await (await server.request('/api/openapi.json')).json();
  const operations = documentOperations(document);
  /** Every answer `call` receives is checked against its documented response (support/answers.ts). */
  const checkAnswer = answerChecker(document);
  const mismatches: string[] = [];
  const owner = await signedInOwner(server, { email: 'sweep@example.com', businessName: 'Sweep' });
  await server.deps.db.execute(
    sql`update businesses set packageid = (select packageid from packages where name = 'Pro') where businessid = ${owner.businessid}`,
  );
  const customer: SignedInCustomer = await signedInCustomer(server, { email: 'cleo@example.com' });
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
  const conversationid: string = (await wrote.json()).conversationid;
  const resource = await asOwner('POST', '/api/booking-resources', { resourcename: 'Harbour table', capacity: 4 });
  const resourceid: string = resource.resourceid;
  const rule = await asOwner('POST', '/api/availability', {
    resourceid,
    dayofweek: 1,
    starttime: '07:00',
    endtime: '20:00',
  });
  const voucher = await asOwner(
    'POST',
    `/api/businesses/${owner.businessid}/vouchers`,
    voucherBody({ enddate: '2030-12-31' }),
  );
  const voucherid: string = voucher.voucherid;

  // The operations the sweeps call (bad-input, mass-assignment and answers tests) with their path ids
  // filled: the rows above, and any other kind they name made from the fixture table (ID_KINDS).
  const preset: Partial<Ids> = {
    businessid: owner.businessid,
    followerid: customer.userid,
    conversationid,
    resourceid,
    voucherid,
    availabilityid: rule.availabilityid,
    code: 'ABCD2345',
  };
  const named = (method: string, path: string) =>
    [...path.matchAll(/([^/]*)\/\{(\w+)\}/g)].map(([, segment, name]) => kindOfPathParameter(segment!, name!, method));
  const needed = new Set(
    operations
      .filter((o) => o.area !== 'identity')
      .flatMap((o) => named(o.method, o.path))
      .filter((kind) => kind !== undefined),
  );
  const ids = await makeIds({ server, owner, follower: customer }, preset, needed);

  /** The caller's own rows for each path parameter: `{id}` means what its path says. */
  const fillPath = (method: string, path: string): string =>
    path.replace(/([^/]*)\/\{(\w+)\}/g, (_all, segment: string, name: string) => {
      if (name === 'path' || name === 'key') return `${segment}/x`;
      const kind = kindOfPathParameter(segment, name, method);
      const id = kind && ids[kind];
      if (!id)
        throw new Error(`No fixture for {${name}} of ${path}: give its kind a row in ID_KINDS (support/owner-a.ts).`);
      return `${segment}/${id}`;
    });

  /** The example with the caller's own ids in place of the document's placeholders. */
  const ownIds = <T extends Record<string, unknown>>(example: T): T => {
    const fixtures: Record<string, unknown> = { resourceid, resourceId: resourceid, customerEmail: customer.email };
    return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, k in fixtures ? fixtures[k] : v])) as T;
  };
  const exampleQuery = (o: DocOperation) => ownIds(Object.fromEntries(o.query.map((p) => [p.name, p.example])));
  const tokenFor = (o: DocOperation) =>
    o.area === 'owner' ? owner.token : o.area === 'customer' ? customer.accessToken : undefined;
  const urlOf = (o: DocOperation, query = exampleQuery(o)) =>
    new URL(`${fillPath(o.method, o.path)}${queryString(query)}`, server.url).href;

  let address = 0;
  const call = async (
    o: DocOperation,
    { body, query }: { body?: string; query?: Record<string, string | undefined> },
  ) => {
    address += 1;
    const token = tokenFor(o);
    const answer = await httpCall(
      urlOf(o, query),
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
    const mismatch = checkAnswer(o, answer);
    if (mismatch) mismatches.push(mismatch);
    return answer;
  };
  return { server, document, mismatches, operations, owner, customer, ownIds, exampleQuery, tokenFor, urlOf, call };
}

export type Sweep = Awaited<ReturnType<typeof startSweep>>;
export type { TestServer };
