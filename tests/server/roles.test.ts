import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role, TEAM_TEXTS } from '#contracts/team.ts';
import { startTestServer } from './harness.ts';
import { fetchDocument, type Operation, operationsOf } from './support/api-document.ts';
import { type Aimed, aim, idsOf, unknownIds } from './support/authz-matrix.ts';
import { dumpOf, type OwnerA, seedOwnerA } from './support/owner-a.ts';
import { signedInMember } from './support/team.ts';

/**
 * The roles matrix (decision 026), generated from the API document: every owner-area operation is
 * called as the owner, a manager and a staff member of ONE business. Where `x-roles` leaves the role out
 * the answer is 403 with the team's message and the business's data (every row of it, support/owner-a.ts)
 * is what it was; where it lets the role in, the guard does not refuse: reads are called at the
 * business's own rows, writes at ids that name nothing (the route's own 404), so the fixture survives.
 * A new owner route is covered as soon as the document describes it.
 */

const server = await startTestServer();
const operations = operationsOf(await fetchDocument(server.request)).filter((op) => op.area === 'owner');

let a: OwnerA;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  a = await seedOwnerA(server);
  tokens.owner = a.tokens.owner;
  tokens.manager = (await signedInMember(server, a.tokens.owner, { email: 'mona@example.com', role: 'manager' })).token;
  tokens.staff = (await signedInMember(server, a.tokens.owner, { email: 'stan@example.com', role: 'staff' })).token;
}, 60_000);
afterAll(() => server.stop());

const call = async (target: Aimed, token: string) => {
  const answer = await server.api(target.method, target.path, { token, body: target.body });
  return { status: answer.status, text: await answer.text() };
};

describe('the roles matrix (from the API document)', () => {
  it.each(operations.map((op) => [op.key, op] as const))('%s', async (_key, op: Operation) => {
    expect(op.roles, `${op.key} states no x-roles`).toEqual(expect.arrayContaining(['owner']));
    const allowed = new Set(op.roles);
    const failures: string[] = [];
    const refusedRoles = ROLES.filter((role) => !allowed.has(role));
    if (refusedRoles.length) {
      const before = await dumpOf(server, a);
      for (const role of refusedRoles) {
        const { status, text } = await call(aim(op, idsOf(a)), tokens[role]);
        if (status !== 403 || text !== JSON.stringify({ message: TEAM_TEXTS.forbidden })) {
          failures.push(`${role}: expected 403 "${TEAM_TEXTS.forbidden}", got ${status} ${text}`);
        }
      }
      expect(await dumpOf(server, a), `${op.key} refused, yet changed the business's data`).toEqual(before);
    }
    for (const role of ROLES.filter((r) => allowed.has(r))) {
      const target = op.method === 'GET' ? aim(op, idsOf(a)) : aim(op, unknownIds());
      const { status, text } = await call(target, tokens[role]);
      // A 403 of the package's limits is the route's own answer; the team's refusal is the one that must not come.
      const refusedByRole = status === 403 && text === JSON.stringify({ message: TEAM_TEXTS.forbidden });
      if (refusedByRole || status === 401 || status >= 500) failures.push(`${role}: allowed, got ${status} ${text}`);
      if (op.method === 'GET' && status !== 200 && status !== 304) {
        failures.push(`${role}: a read of its own business answered ${status} ${text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('covers the owner area, and each role meets at least one refusal and one permission', () => {
    expect(operations.length).toBeGreaterThan(50);
    const refused = (role: Role) => operations.filter((op) => !op.roles?.includes(role)).length;
    expect(refused('owner')).toBe(0);
    expect(refused('manager')).toBeGreaterThan(5);
    expect(refused('staff')).toBeGreaterThan(refused('manager'));
    expect(operations.filter((op) => op.roles?.includes('staff')).length).toBeGreaterThan(15);
  });
});
