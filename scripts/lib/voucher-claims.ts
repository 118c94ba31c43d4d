/**
 * The mobile app's side of a voucher, over HTTP against a running stack: a new customer signs up through
 * the customer API (the mailed link from the development mailbox, SRP sign-in) and claims a voucher the
 * way scanning its QR code does. Shared by scripts/screenshots.ts and the browser tests (no vitest here).
 */
import { type Call, claimVoucher, createCustomer, mailboxOverHttp, person } from '../../server/sim/customers.ts';

let made = 0;

/** A new customer who claims `voucherid`; returns their e-mail and the code they were given. */
export async function customerClaims(baseUrl: string, voucherid: string, tag = 'claim') {
  const call: Call = (path, init) => fetch(new URL(path, baseUrl), init);
  const config = (await (await call('/config.json')).json()) as {
    auth: { userPoolId: string; userPoolClientId: string };
  };
  const pool = { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
  const who = person(made++, `${tag}-${Date.now().toString(36)}.example`);
  const token = await createCustomer(call, pool, who, mailboxOverHttp(call));
  const issued = await claimVoucher(call, token, voucherid);
  return { email: who.email, code: issued.code };
}

/** The voucher id in a claim deep link (`<scheme>://claim-voucher/{id}`). */
export const voucherIdOfLink = (link: string) => /claim-voucher\/([0-9a-f-]{36})$/.exec(link)?.[1] ?? '';
