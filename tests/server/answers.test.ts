/**
 * Answers match the document: every operation of /api/openapi.json called as its caller with its own
 * example (reads first, then writes, deletes last), and each answer (status, content type, JSON body)
 * checked against the response the document describes for it (support/answers.ts). The bad-input and
 * mass-assignment sweeps check their answers the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerChecker } from './support/answers.ts';
import { type Sweep, startSweep } from './support/sweep-fixtures.ts';

let sweep: Sweep;
beforeAll(async () => {
  sweep = await startSweep();
});
afterAll(() => sweep?.server.stop());

const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('answers match the document', () => {
  it('every operation called with its example answers as documented', async () => {
    const operations = sweep.operations
      .filter((o) => o.area !== 'identity')
      .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
    const succeeded: string[] = [];
    for (const o of operations) {
      const body = o.body ? JSON.stringify(sweep.ownIds(o.body.example)) : undefined;
      const answer = await sweep.call(o, { body });
      if (answer.status < 300) succeeded.push(`${o.method} ${o.path}`);
    }
    expect(sweep.mismatches).toEqual([]);
    // Most operations succeeded, so their success answers were checked, not only refusals.
    expect(succeeded.length).toBeGreaterThan(operations.length * 0.7);
  });

  it('the check catches an answer that differs from its schema, a wrong content type and an unknown status', () => {
    const check = answerChecker(sweep.document);
    const o = sweep.operations.find(
      (op) => op.method === 'GET' && op.path === '/api/customer/businesses/{businessid}',
    )!;
    const json = 'application/json; charset=UTF-8';
    expect(check(o, { status: 200, contentType: json, text: '{"businessid":1}' })).toMatch(/must/);
    expect(check(o, { status: 200, contentType: 'text/html', text: '<p>' })).toMatch(/answered text\/html/);
    expect(check(o, { status: 418, contentType: json, text: '{}' })).toMatch(/status not documented/);
    expect(check(o, { status: 404, contentType: json, text: '{"message":"Business not found."}' })).toBeUndefined();
  });
});
