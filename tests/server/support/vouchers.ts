import { expect } from 'vitest';
import type { Voucher } from '../../../contracts/vouchers.ts';
import type { HttpServer } from '../harness.ts';
import type { SignedInOwner } from './signed-in.ts';

/** A valid voucher body; override what a test is about. Dates are ISO days around `today`. */
export const voucherBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Free pastry with any coffee',
  description: 'Pick any pastry from the counter.',
  vouchertypeid: 3,
  value: 4.5,
  rules: 'One per customer. Not valid with other offers.',
  startdate: '2026-01-01',
  enddate: '2026-12-31',
  isactive: true,
  ...overrides,
});

export async function createVoucher(
  server: Pick<HttpServer, 'api'>,
  owner: Pick<SignedInOwner, 'token' | 'businessid'>,
  overrides: Record<string, unknown> = {},
) {
  const res = await server.api('POST', `/api/businesses/${owner.businessid}/vouchers`, {
    token: owner.token,
    body: voucherBody(overrides),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Voucher;
}
