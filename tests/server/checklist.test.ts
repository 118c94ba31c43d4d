/**
 * Issue 26: the getting-started checklist, computed from the business's data (GET) and its two stored
 * flags (PUT {dismissed: true} | {qrShared: true}), each business's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_UPDATE_EMPTY, type Checklist } from '../../contracts/businesses.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';
import { createVoucher } from './support/vouchers.ts';

const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
let owner: SignedInOwner;
let other: SignedInOwner;

const asOwner = (method: string, path: string, body?: unknown, who: SignedInOwner = owner) =>
  server.api(method, path, { token: who.token, body });
const checklist = async (who: SignedInOwner = owner) => {
  const res = await asOwner('GET', '/api/businesses/me/checklist', undefined, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Checklist;
};
const doneSteps = (list: Checklist) => list.steps.filter((s) => s.done).map((s) => s.id);
const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
};

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock });
  owner = await signedInOwner(server, { email: 'new.owner@example.com', businessName: 'Brand New Bakery' });
  other = await signedInOwner(server, { email: 'other.owner@example.com', businessName: 'Other Bakery' });
}, 60_000);
afterAll(() => server?.stop());

describe('GET /api/businesses/me/checklist', () => {
  it('gives a new business every step undone, in order, not dismissed', async () => {
    expect(await checklist()).toEqual({
      steps: [
        { id: 'location', done: false },
        { id: 'qr', done: false },
        { id: 'post', done: false },
        { id: 'voucher', done: false },
        { id: 'resource', done: false },
      ],
      dismissed: false,
    });
  });

  it('marks each step done from the data that proves it, and only for that business', async () => {
    // An address alone is not a location: the map position is part of the step.
    await ok(await asOwner('PUT', '/api/businesses/me', { businessname: 'Brand New Bakery', address: '1 Quay St' }));
    expect(doneSteps(await checklist())).toEqual([]);
    await ok(
      await asOwner('PUT', '/api/businesses/me', {
        businessname: 'Brand New Bakery',
        address: '1 Quay St',
        latitude: 51.5,
        longitude: -0.12,
      }),
    );
    expect(doneSteps(await checklist())).toEqual(['location']);

    await ok(await asOwner('POST', `/api/businesses/${owner.businessid}/posts`, { content: 'We are open!' }), 201);
    await createVoucher(server, owner);
    expect(doneSteps(await checklist())).toEqual(['location', 'post', 'voucher']);

    // A resource without opening hours is not bookable yet; its first weekly opening makes the step.
    const made = await ok(await asOwner('POST', '/api/booking-resources', { resourcename: 'Table', capacity: 2 }), 201);
    const { resourceid } = (await made.json()) as { resourceid: string };
    expect(doneSteps(await checklist())).not.toContain('resource');
    await ok(
      await asOwner('POST', '/api/availability', { resourceid, dayofweek: 1, starttime: '09:00', endtime: '17:00' }),
      201,
    );
    expect(doneSteps(await checklist())).toEqual(['location', 'post', 'voucher', 'resource']);

    // The other business did none of it.
    expect(doneSteps(await checklist(other))).toEqual([]);
  });
});

describe('PUT /api/businesses/me/checklist', () => {
  it('marks the QR step with {qrShared: true} and hides the list with {dismissed: true}, for the caller only', async () => {
    const shared = (await (
      await ok(await asOwner('PUT', '/api/businesses/me/checklist', { qrShared: true }))
    ).json()) as Checklist;
    expect(shared.steps.find((s) => s.id === 'qr')).toEqual({ id: 'qr', done: true });
    expect(shared.dismissed).toBe(false);
    // Again is harmless.
    await ok(await asOwner('PUT', '/api/businesses/me/checklist', { qrShared: true }));
    expect(doneSteps(await checklist())).toEqual(['location', 'qr', 'post', 'voucher', 'resource']);

    await ok(await asOwner('PUT', '/api/businesses/me/checklist', { dismissed: true }, other));
    expect((await checklist(other)).dismissed).toBe(true);
    expect((await checklist()).dismissed).toBe(false);
    expect(doneSteps(await checklist(other))).toEqual([]);
  });

  it('refuses an empty body, false, or anything but true, with a message naming the field', async () => {
    const refused = async (body: unknown) => {
      const res = await asOwner('PUT', '/api/businesses/me/checklist', body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await refused({})).toBe(CHECKLIST_UPDATE_EMPTY);
    expect(await refused({ dismissed: false })).toBe('Dismissed must be true.');
    expect(await refused({ qrShared: 'yes' })).toBe('QR shared must be true.');
    expect((await checklist()).dismissed).toBe(false);
  });

  it('needs a signed-in owner', async () => {
    expect((await server.api('GET', '/api/businesses/me/checklist')).status).toBe(401);
  });
});
