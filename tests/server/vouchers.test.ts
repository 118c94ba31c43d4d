/**
 * Voucher templates over real HTTP (PGlite, and PostgreSQL with TEST_DATABASE_URL): the types, every
 * field's validation, create / read / update / archive, archived read-only, and another business's
 * vouchers refused exactly like unknown ones with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_FIELD_TEXTS, type Voucher } from '../../contracts/vouchers.ts';
import { ARCHIVED_READ_ONLY, UNKNOWN_TYPE } from '../../server/routes/vouchers/vouchers.routes.ts';
import { VOUCHER_TYPES } from '../../server/seed/catalogue.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';
import { createVoucher, voucherBody } from './support/vouchers.ts';

const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
let maya: SignedInOwner;
let other: SignedInOwner;

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock });
  maya = await signedInOwner(server, { email: 'maya.vouchers@example.com', businessName: 'Maya Vouchers' });
  other = await signedInOwner(server, { email: 'other.vouchers@example.com', businessName: 'Other Vouchers' });
});
afterAll(() => server?.stop());

const create = (owner: SignedInOwner, body: unknown, businessid = owner.businessid) =>
  server.api('POST', `/api/businesses/${businessid}/vouchers`, { token: owner.token, body });
const list = async (owner: SignedInOwner, status?: string) => {
  const res = await server.api('GET', `/api/businesses/me/vouchers${status ? `?status=${status}` : ''}`, {
    token: owner.token,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Voucher[];
};

describe('voucher types', () => {
  it('lists the seeded types in order, with ids the form can send', async () => {
    const res = await server.api('GET', '/api/voucher-types', { token: maya.token });
    expect(res.status).toBe(200);
    const types = (await res.json()) as Array<{ vouchertypeid: number; typename: string }>;
    expect(types.map((t) => t.typename)).toEqual([...VOUCHER_TYPES]);
    expect(types.every((t) => Number.isInteger(t.vouchertypeid))).toBe(true);
  });
});

describe('creating and reading', () => {
  it('creates a voucher with the spec fields, its type name and value as a decimal, and lists it as active', async () => {
    const made = await createVoucher(server, maya, { value: '12.5', isactive: undefined });
    expect(made).toMatchObject({
      title: 'Free pastry with any coffee',
      vouchertypeid: 3,
      voucher_type: 'Free Item',
      value: '12.50',
      startdate: '2026-01-01',
      enddate: '2026-12-31',
      isactive: true,
      deletedat: null,
      deleted_by_email: null,
      issued_count: 0,
      redeemed_count: 0,
    });
    expect((await list(maya)).map((v) => v.voucherid)).toContain(made.voucherid);
    expect((await list(maya, 'archived')).map((v) => v.voucherid)).not.toContain(made.voucherid);
    const read = await server.api('GET', `/api/vouchers/${made.voucherid}`, { token: maya.token });
    expect(await read.json()).toEqual(made);
  });

  it('trims the texts and keeps line breaks in description and rules', async () => {
    const made = await createVoucher(server, maya, {
      title: '  Ten percent off  ',
      vouchertypeid: 1,
      value: 10,
      rules: 'Line one\nLine two',
    });
    expect(made.title).toBe('Ten percent off');
    expect(made.rules).toBe('Line one\nLine two');
  });

  it.each([
    ['title missing', { title: undefined }, 'Title is required.'],
    ['title blank', { title: '    ' }, 'Title is required.'],
    ['title of 4 characters', { title: 'Four' }, VOUCHER_FIELD_TEXTS.titleShort],
    ['description missing', { description: '' }, 'Description is required.'],
    ['type missing', { vouchertypeid: '' }, VOUCHER_FIELD_TEXTS.typeRequired],
    ['type not a number', { vouchertypeid: 'coffee' }, VOUCHER_FIELD_TEXTS.typeRequired],
    ['type unknown', { vouchertypeid: 999 }, UNKNOWN_TYPE],
    ['value missing', { value: '' }, VOUCHER_FIELD_TEXTS.valueRequired],
    ['value negative', { value: -1 }, VOUCHER_FIELD_TEXTS.valueInvalid],
    ['value with 3 decimals', { value: '1.005' }, VOUCHER_FIELD_TEXTS.valueInvalid],
    ['value not a number', { value: 'ten' }, VOUCHER_FIELD_TEXTS.valueInvalid],
    ['value huge', { value: 1e12 }, VOUCHER_FIELD_TEXTS.valueTooLarge],
    ['percentage over 100', { vouchertypeid: 1, value: 150 }, VOUCHER_FIELD_TEXTS.percentTooLarge],
    ['rules missing', { rules: undefined }, 'Rules is required.'],
    ['start date missing', { startdate: '' }, VOUCHER_FIELD_TEXTS.startRequired],
    ['start date not a day', { startdate: '2026-02-30' }, 'Start date must be a date (YYYY-MM-DD).'],
    ['end date missing', { enddate: undefined }, VOUCHER_FIELD_TEXTS.endRequired],
    ['end before start', { startdate: '2026-05-02', enddate: '2026-05-01' }, VOUCHER_FIELD_TEXTS.endBeforeStart],
    ['active not a boolean', { isactive: 'yes' }, 'Active must be true or false.'],
    ['title with a control character', { title: 'Free \u0000 coffee' }, 'Title must not contain control characters.'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_case, overrides, message) => {
    const before = (await list(maya)).length;
    const res = await create(maya, voucherBody(overrides));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await list(maya)).toHaveLength(before);
  });

  it('accepts a one-day voucher (start = end) and a value of 0', async () => {
    const made = await createVoucher(server, maya, { startdate: '2026-12-24', enddate: '2026-12-24', value: 0 });
    expect(made).toMatchObject({ startdate: '2026-12-24', enddate: '2026-12-24', value: '0.00' });
  });

  it('refuses a bad list status with a 400', async () => {
    const res = await server.api('GET', '/api/businesses/me/vouchers?status=deleted', { token: maya.token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Status must be active or archived.' });
  });
});

describe('editing and archiving', () => {
  it('updates every field with PUT', async () => {
    const made = await createVoucher(server, maya);
    const res = await server.api('PUT', `/api/vouchers/${made.voucherid}`, {
      token: maya.token,
      body: voucherBody({ title: 'Two for one flat whites', vouchertypeid: 4, value: 0, isactive: false }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      voucherid: made.voucherid,
      title: 'Two for one flat whites',
      voucher_type: 'Buy One Get One',
      isactive: false,
    });
  });

  it('validates PUT like POST', async () => {
    const made = await createVoucher(server, maya);
    const res = await server.api('PUT', `/api/vouchers/${made.voucherid}`, {
      token: maya.token,
      body: voucherBody({ enddate: '2025-01-01' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: VOUCHER_FIELD_TEXTS.endBeforeStart });
  });

  it('archives with DELETE, recording when and by whom; then the voucher is read-only (409)', async () => {
    const made = await createVoucher(server, maya, { title: 'Archive me please' });
    clock.advance(60_000);
    const res = await server.api('DELETE', `/api/vouchers/${made.voucherid}`, { token: maya.token });
    expect(res.status).toBe(200);
    const archived = (await res.json()) as Voucher;
    expect(archived.deletedat).toBe(new Date(clock.clock()).toISOString());
    expect(archived.deleted_by_email).toBe(maya.email);
    expect((await list(maya)).map((v) => v.voucherid)).not.toContain(made.voucherid);
    expect((await list(maya, 'archived')).find((v) => v.voucherid === made.voucherid)).toEqual(archived);

    const put = await server.api('PUT', `/api/vouchers/${made.voucherid}`, { token: maya.token, body: voucherBody() });
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({ message: ARCHIVED_READ_ONLY });
    const again = await server.api('DELETE', `/api/vouchers/${made.voucherid}`, { token: maya.token });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This voucher is already archived.' });
    const read = await server.api('GET', `/api/vouchers/${made.voucherid}`, { token: maya.token });
    expect(await read.json()).toEqual(archived);
  });
});

describe("another business's vouchers", () => {
  it('answers GET, PUT, DELETE on them exactly like unknown ids, and changes nothing', async () => {
    const theirs = await createVoucher(server, other, { title: 'Other business voucher' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', voucherBody({ title: 'Hijacked voucher' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await server.api(method, `/api/vouchers/${theirs.voucherid}`, { token: maya.token, body });
      const none = await server.api(method, `/api/vouchers/${unknown}`, { token: maya.token, body });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(await none.json());
    }
    const junk = await server.api('GET', '/api/vouchers/not-a-uuid', { token: maya.token });
    expect(junk.status).toBe(404);
    const read = await server.api('GET', `/api/vouchers/${theirs.voucherid}`, { token: other.token });
    expect(await read.json()).toEqual(theirs);
    expect((await list(maya)).map((v) => v.voucherid)).not.toContain(theirs.voucherid);
  });

  it("refuses creating under another business's id (404) and writes nothing there", async () => {
    const before = await list(other);
    const res = await create(maya, voucherBody(), other.businessid);
    expect(res.status).toBe(404);
    expect(await list(other)).toEqual(before);
  });
});
