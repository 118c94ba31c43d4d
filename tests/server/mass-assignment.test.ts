/**
 * Mass assignment, generated from /api/openapi.json: each operation's valid example plus fields a caller
 * must never set (the business, the owner, ids, status, redeemed and created times) is accepted and those
 * fields are ignored: the row is the caller's, server-set fields are the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase } from './support/openapi-sweep.ts';
import { type Sweep, startSweep } from './support/sweep-fixtures.ts';

let sweep: Sweep;
beforeAll(async () => {
  sweep = await startSweep();
});
afterAll(() => sweep?.server.stop());

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

/** Reset and invitation links come by mail: their examples' tokens are placeholders, so the extras must change nothing else. */
const NEEDS_A_MAILED_TOKEN = new Set([
  'POST /api/password-reset/reset',
  'POST /api/password-reset/check',
  'POST /api/public/invitations/check',
  'POST /api/public/invitations/accept',
]);

/** Steps after which a row takes no more writes (a cancelled booking is final): they run after the rest. */
const FINAL = new Set(['POST /api/bookings/{id}/cancel']);
const isFinal = (o: { method: string; path: string }) => Number(FINAL.has(`${o.method} ${o.path}`));

describe('mass assignment', () => {
  it('accepts each valid example with ownership, state and time fields added, and ignores them', async () => {
    const withJson = sweep.operations
      .filter((o) => o.body && o.area !== 'identity')
      .sort((a, b) => isFinal(a) - isFinal(b));
    const outcomes: string[] = [];
    for (const o of withJson) {
      const example = sweep.ownIds(o.body!.example);
      const extras = Object.fromEntries(
        Object.entries(EXTRAS).filter(([k]) => !(k in (o.body!.schema.properties ?? {}))),
      );
      const answer = await sweep.call(o, { body: JSON.stringify({ ...example, ...extras }) });
      const name = `${o.method} ${o.path}`;
      if (NEEDS_A_MAILED_TOKEN.has(name)) {
        const plain = await sweep.call(o, { body: JSON.stringify(example) });
        if (answer.status !== plain.status || answer.text !== plain.text)
          outcomes.push(`${name}: extras changed the answer`);
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        outcomes.push(`${name}: ${answer.status} ${answer.text}`);
        continue;
      }
      for (const [key, value] of entriesOf(JSON.parse(answer.text))) {
        if (key === 'businessid' && o.area !== 'public' && value !== sweep.owner.businessid)
          outcomes.push(`${name}: businessid ${value}`);
        if (EXTRA_BY_KEY.has(squash(key)) && JSON.stringify(value) === JSON.stringify(EXTRA_BY_KEY.get(squash(key)))) {
          outcomes.push(`${name}: ${key} took the caller's ${JSON.stringify(value)}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
    // Every answer, refusals included, is the one the document describes.
    expect(sweep.mismatches).toEqual([]);
    expect(withJson.length).toBeGreaterThan(15);
    // Nothing the callers sent as an extra reached a row: not the stranger's id, not the old date.
    const stored = JSON.stringify(await dumpDatabase(sweep.server));
    expect(stored).not.toContain(STRANGER);
    expect(stored).not.toMatch(/2001-02-03/);
  });
});
