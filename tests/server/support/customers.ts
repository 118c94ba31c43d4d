import { decodeJwt } from 'jose';
import type { HttpServer } from '../harness.ts';
import { srpTokens } from './amplify.ts';
import { latestLink } from './mailbox.ts';

export type CustomerInput = { email: string; password?: string; firstName?: string; lastName?: string };
export type SignedInCustomer = { userid: string; email: string; password: string; accessToken: string };

export const CUSTOMER_PASSWORD = 'Customer#Pass2026';

/**
 * A customer exactly as the mobile app makes one: sign up through the customer API, open the verification
 * link from the mailbox, sign in with SRP. Never SQL.
 */
let phones = 0;

/**
 * Each customer signs up from a phone of its own address (X-Forwarded-For, read by a server started with
 * TRUST_PROXY=true), so the per-address limits meet them as they meet real phones; without TRUST_PROXY
 * the header is ignored and every sign-up counts against 127.0.0.1.
 */
export async function registerCustomer(server: HttpServer, input: CustomerInput): Promise<SignedInCustomer> {
  const password = input.password ?? CUSTOMER_PASSWORD;
  phones++;
  const phone = { 'x-forwarded-for': `10.9.${(phones >> 8) & 255}.${phones & 255}` };
  const registered = await server.api('POST', '/api/public/customers/register', {
    headers: phone,
    body: {
      firstName: input.firstName ?? 'Casey',
      lastName: input.lastName ?? 'Customer',
      email: input.email,
      password,
    },
  });
  if (registered.status !== 201) throw new Error(`customer sign-up answered ${registered.status}`);
  const { token } = await latestLink(server, input.email, '/verify-email');
  const verified = await server.request(`/api/public/verify-email?token=${encodeURIComponent(token)}`, {
    headers: phone,
  });
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  const tokens = await srpTokens(server, input.email, password, phone);
  return {
    userid: String(decodeJwt(tokens.AccessToken).sub),
    email: input.email,
    password,
    accessToken: tokens.AccessToken,
  };
}

/** POST /api/customer/businesses/{id}/follow as the customer; returns the response. */
export const follow = (server: HttpServer, customer: Pick<SignedInCustomer, 'accessToken'>, businessid: string) =>
  server.api('POST', `/api/customer/businesses/${businessid}/follow`, { token: customer.accessToken });

export const unfollow = (server: HttpServer, customer: Pick<SignedInCustomer, 'accessToken'>, businessid: string) =>
  server.api('DELETE', `/api/customer/businesses/${businessid}/follow`, { token: customer.accessToken });
