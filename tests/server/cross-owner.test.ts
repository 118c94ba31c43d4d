import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_TEXTS } from '#contracts/team.ts';
import { areaOf, DENIED } from '../../server/middleware/auth.ts';
import { startTestServer, testClock } from './harness.ts';
import { cognitoCall, srpTokens } from './support/amplify.ts';
import { fetchDocument, type Operation, operationsOf } from './support/api-document.ts';
import {
  type Aimed,
  aim,
  CUSTOMER_PRIVATE,
  forgedFrom,
  idsOf,
  missingSecurityHeaders,
  unknownIds,
} from './support/authz-matrix.ts';
import { A_DATA, dumpOf, NOT_DUMPED, type OwnerA, schemaTables, seedOwnerA, traitsOf } from './support/owner-a.ts';
import { CUSTOMER_PASSWORD, OWNER_PASSWORD, signedInCustomer, signedInOwner } from './support/signed-in.ts';
import { signedInMember } from './support/team.ts';

/**
 * The authorization matrix, generated from the API document: every operation that needs a token is
 * called without one, with a malformed, a forged, an expired and a revoked one, and with the other
 * area's token; owner B aims every owner operation at owner A's ids (a stranger customer every customer
 * operation at A's customer's private ids). Each is refused, like an unknown id where it names one, and
 * after each operation's batch A's data is what it was. A new route is covered once the document
 * describes it; a new kind of id fails here until owner A has one (support/authz-matrix.ts says where).
 */

const HOUR = 3_600_000;
// The fixture is made two hours ago: the tokens of those sign-ins are expired, their sessions still live.
const time = testClock(Date.now() - 2 * HOUR);
const server = await startTestServer({ clock: time.clock });
// The document as any client reads it: over HTTP from the running server.
const operations = operationsOf(await fetchDocument(server.request));
const guarded = operations.filter((op) => op.secured);

let a: OwnerA;
let baseline: Record<string, string>;
const tokens = {
  owner: '',
  /** Owner B's team (decision 026): every role of another business is refused A's data alike. */
  managerB: '',
  staffB: '',
  customer: '',
  expiredOwner: '',
  expiredCustomer: '',
  signedOut: '',
  globalSignedOut: '',
};

beforeAll(async () => {
  a = await seedOwnerA(server);
  const stranger = await signedInCustomer(server, { email: 'stranger@example.com', firstName: 'Sam' });
  time.set(Date.now());
  tokens.expiredOwner = a.tokens.owner;
  tokens.expiredCustomer = stranger.accessToken;
  ({ token: tokens.owner } = await signedInOwner(server, {
    email: 'owner.b@example.com',
    businessName: 'Bravo Barber',
  }));
  // On Pro: each of B's three callers may make its own resource, the package's limit out of the way.
  await server.deps.db.execute(
    sql`update businesses set packageid = (select packageid from packages where name = 'Pro') where businessname = 'Bravo Barber'`,
  );
  tokens.managerB = (
    await signedInMember(server, tokens.owner, { email: 'manager.b@example.com', role: 'manager' })
  ).token;
  tokens.staffB = (await signedInMember(server, tokens.owner, { email: 'staff.b@example.com', role: 'staff' })).token;
  tokens.customer = (await srpTokens(server, stranger.email, CUSTOMER_PASSWORD)).AccessToken;
  // A signs out of a second session (RevokeToken); A's customer signs out everywhere (GlobalSignOut).
  const second = await srpTokens(server, a.email, OWNER_PASSWORD);
  const clientId = server.env.USER_POOL_CLIENT_ID;
  expect((await cognitoCall(server, 'RevokeToken', { ClientId: clientId, Token: second.RefreshToken })).status).toBe(
    200,
  );
  tokens.signedOut = second.AccessToken;
  const phone = await srpTokens(server, a.followerEmail, CUSTOMER_PASSWORD);
  expect((await cognitoCall(server, 'GlobalSignOut', { AccessToken: phone.AccessToken })).status).toBe(200);
  tokens.globalSignedOut = phone.AccessToken;
  baseline = await dumpOf(server, a);
  expect(baseline.businesses).toContain('1 Alpha Road');
}, 60_000);
afterAll(() => server.stop());

type Answer = { status: number; text: string; headers: Headers };
const call = async (target: Aimed, token?: string): Promise<Answer> => {
  const response = await server.api(target.method, target.path, { token, body: target.body });
  return { status: response.status, text: await response.text(), headers: response.headers };
};
/** The `message` of a `{ message }` answer, else undefined. */
const messageOf = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text);
    return typeof body.message === 'string' && Object.keys(body).length === 1 ? body.message : undefined;
  } catch {
    return undefined;
  }
};
const isMessage = (text: string) => messageOf(text) !== undefined;

/** Every cell of one operation's row, in parallel; the failures as sentences. */
async function sweep(op: Operation): Promise<string[]> {
  const area = op.area === 'customer' ? 'customer' : 'owner';
  const atA = aim(op, idsOf(a));
  const atNothing = aim(op, unknownIds());
  const forged = forgedFrom(area === 'owner' ? tokens.expiredOwner : tokens.expiredCustomer);
  const refused: Record<string, string | undefined> = {
    'no token': undefined,
    'a malformed token': 'not.a.token',
    'an unsigned token (alg none)': forged.unsigned,
    'a token whose claims were edited': forged.tampered,
    'an expired token': area === 'owner' ? tokens.expiredOwner : tokens.expiredCustomer,
    'a revoked session': area === 'owner' ? tokens.signedOut : tokens.globalSignedOut,
  };
  const wrongGroup = area === 'owner' ? tokens.customer : tokens.owner;
  const [wrong, ...refusals] = await Promise.all([
    call(atA, wrongGroup),
    ...Object.values(refused).map((token) => call(atA, token)),
  ]);
  const failures: string[] = [];
  Object.keys(refused).forEach((cell, i) => {
    const { status, text } = refusals[i]!;
    if (status !== 401 || !isMessage(text)) failures.push(`${cell}: expected 401 { message }, got ${status} ${text}`);
  });
  if (wrong!.status !== 403 || messageOf(wrong!.text) !== DENIED[area]) {
    failures.push(`the other area's token: expected 403 "${DENIED[area]}", got ${wrong!.status} ${wrong!.text}`);
  }
  const answers: Answer[] = [wrong!, ...refusals];
  // Another caller of the same area: owner B and B's manager and staff everywhere; a stranger customer
  // only at a customer's own ids.
  const rivals: Array<[string, string, string]> =
    area === 'owner'
      ? [
          ['owner B', tokens.owner, 'owner'],
          ["B's manager", tokens.managerB, 'manager'],
          ["B's staff", tokens.staffB, 'staff'],
        ]
      : atA.kinds.some((k) => CUSTOMER_PRIVATE.has(k))
        ? [['another customer', tokens.customer, 'customer']]
        : [];
  for (const [who, rival, role] of rivals) {
    const [rivalAtA, rivalAtNothing] = await Promise.all([
      call(atA, rival),
      atA.kinds.length > 0 ? call(atNothing, rival) : undefined,
    ]);
    answers.push(rivalAtA, ...(rivalAtNothing ? [rivalAtNothing] : []));
    if (area === 'owner' && !op.roles?.includes(role)) {
      // The role is refused before anything is looked up: the same 403 whatever the ids.
      if (rivalAtA.status !== 403 || messageOf(rivalAtA.text) !== TEAM_TEXTS.forbidden) {
        failures.push(`${who} (not in x-roles) at A's ids: expected 403, got ${rivalAtA.status} ${rivalAtA.text}`);
      }
    } else if (rivalAtNothing) {
      if (rivalAtA.status !== 404 || !isMessage(rivalAtA.text)) {
        failures.push(
          `${who} at A's ${atA.kinds.join(', ')}: expected 404 { message }, got ${rivalAtA.status} ${rivalAtA.text}`,
        );
      } else if (rivalAtA.text !== rivalAtNothing.text || rivalAtNothing.status !== 404) {
        failures.push(
          `${who} at A's ids answered ${rivalAtA.text}, at unknown ids ${rivalAtNothing.status} ${rivalAtNothing.text}`,
        );
      }
    } else {
      // Nothing of A's to aim at: the route is about the caller, so B gets B's own data, never A's.
      if (rivalAtA.status >= 300)
        failures.push(`${who} on its own data: expected 2xx, got ${rivalAtA.status} ${rivalAtA.text}`);
      const leaked = traitsOf(a).filter((trait) => rivalAtA.text.includes(trait));
      if (leaked.length) failures.push(`${who}'s answer holds A's ${leaked.join(', ')}`);
    }
  }
  for (const answer of answers) {
    const missing = missingSecurityHeaders(answer.headers);
    if (missing.length) failures.push(`security headers of a ${answer.status} answer: ${missing.join('; ')}`);
  }
  return failures;
}

describe('the authorization matrix (from the API document)', () => {
  it.each(guarded.map((op) => [op.key, op] as const))('%s', async (_key, op) => {
    const failures = await sweep(op);
    const before = baseline;
    // The next operation is judged on its own: a change is blamed on the batch that made it, once.
    baseline = await dumpOf(server, a);
    expect(failures).toEqual([]);
    expect(baseline, `${op.key} changed owner A's data`).toEqual(before);
  });

  it('covers owner and customer operations, and sweeps everything the guard protects', () => {
    const byArea = (area: string) => guarded.filter((op) => op.area === area);
    expect(byArea('owner').filter((op) => op.path.includes('{')).length).toBeGreaterThan(10);
    expect(byArea('customer').filter((op) => op.path.includes('{')).length).toBeGreaterThan(3);
    const unsecured = operations
      .filter((op) => (op.area === 'owner' || op.area === 'customer') !== op.secured)
      .map((op) => `${op.key}: x-area ${op.area} but security ${op.secured ? 'required' : 'empty'}`);
    expect(unsecured).toEqual([]);
    // The matrix skips what the document calls public: it must be what the guard lets through (areaOf).
    const mislabelled = operations
      .filter((op) => op.path.startsWith('/api/') && op.area !== areaOf(op.path))
      .map((op) => `${op.key} is documented as ${op.area}, the guard treats it as ${areaOf(op.path)}`);
    expect(mislabelled).toEqual([]);
  });

  it('fails on a path parameter owner A has no row for, saying where to add one', () => {
    const giftCard: Operation = {
      key: 'GET /api/gift-cards/{id}',
      method: 'GET',
      path: '/api/gift-cards/{id}',
      area: 'owner',
      secured: true,
      parameters: [{ name: 'id', in: 'path', required: true }],
    };
    expect(() => aim(giftCard, idsOf(a))).toThrow(/"gift-cards\/\{id\}" to the paths .* ID_KINDS .*owner-a\.ts/);
    const described = { ...giftCard, path: '/api/vouchers/{id}', parameters: [] };
    expect(() => aim(described, idsOf(a))).toThrow(/does not describe every path parameter/);
  });

  it('tests what it says: the expired token is only expired, the revoked ones are only revoked', async () => {
    const getUser = async (token: string) =>
      (await cognitoCall(server, 'GetUser', { AccessToken: token })).json.message;
    expect(await getUser(tokens.expiredOwner)).toBe('Access Token has expired');
    expect(await getUser(tokens.expiredCustomer)).toBe('Access Token has expired');
    expect(await getUser(tokens.signedOut)).toBe('Access Token has been revoked');
    expect(await getUser(tokens.globalSignedOut)).toBe('Access Token has been revoked');
    expect((await server.api('GET', '/api/users/me', { token: tokens.owner })).status).toBe(200);
    expect((await server.api('GET', '/api/customer/me', { token: tokens.customer })).status).toBe(200);
  });
});

describe('owner B against owner A, beyond the matrix', () => {
  it("A's ids in the body of B's profile write change B's profile only", async () => {
    const answer = await server.api('PUT', '/api/businesses/me', {
      token: tokens.owner,
      body: {
        businessid: a.businessid,
        ownerUserid: a.userid,
        owner_userid: a.userid,
        businessname: 'Taken over',
        description: 'by owner B',
        address: null,
        latitude: null,
        longitude: null,
      },
    });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text).businessname).toBe('Taken over');
    for (const trait of traitsOf(a)) expect(text).not.toContain(trait);
    expect(await dumpOf(server, a)).toEqual(baseline);
  });
});

describe("owner A's dump", () => {
  it('covers every table of server/db/schema.ts, or says why not', () => {
    const covered = new Set([...Object.keys(A_DATA), ...Object.keys(NOT_DUMPED)]);
    expect(schemaTables().filter((table) => !covered.has(table))).toEqual([]);
    expect(Object.keys(A_DATA).filter((table) => !schemaTables().includes(table))).toEqual([]);
  });

  it('holds a row of every table that keeps owner or customer data', () => {
    const empty = Object.entries(baseline)
      .filter(([table, rows]) => rows === '[]' && !['account_tokens', 'mail_attachments'].includes(table))
      .map(([table]) => table);
    expect(empty).toEqual([]);
  });
});
