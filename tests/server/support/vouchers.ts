import { expect } from 'vitest';
import type { Voucher } from '../../../contracts/vouchers.ts';
import type { HttpServer, TestServer } from '../harness.ts';
import { createOwner, srpTokens } from './amplify.ts';

export type Owner = { token: string; businessid: string; userid: string; email: string };
const PASSWORD = 'Owner#Vouchers2026';

export async function voucherOwner(server: TestServer, email: string, businessName: string): Promise<Owner> {
  const made = await createOwner(server, { email, password: PASSWORD, businessName });
  const { AccessToken } = await srpTokens(server, email, PASSWORD);
  return { token: AccessToken, businessid: made.businessid!, userid: made.userid, email };
}

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
  owner: Pick<Owner, 'token' | 'businessid'>,
  overrides: Record<string, unknown> = {},
) {
  const res = await server.api('POST', `/api/businesses/${owner.businessid}/vouchers`, {
    token: owner.token,
    body: voucherBody(overrides),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Voucher;
}
