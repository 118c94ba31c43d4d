import { decodeJwt } from 'jose';
import type { TestServer } from '../harness.ts';
import { srpTokens } from './amplify.ts';
import { latestLink } from './mailbox.ts';

export type CustomerInput = { email: string; password?: string; firstName?: string; lastName?: string };
export type SignedInCustomer = { userid: string; email: string; password: string; accessToken: string };

export const CUSTOMER_PASSWORD = 'Customer#Pass2026';

/**
 * A customer exactly as the mobile app makes one: sign up through the customer API, open the verification
 * link from the mailbox, sign in with SRP. Never SQL.
 */
export async function registerCustomer(server: TestServer, input: CustomerInput): Promise<SignedInCustomer> {
  const password = input.password ?? CUSTOMER_PASSWORD;
  const registered = await server.api('POST', '/api/public/customers/register', {
    body: {
      firstName: input.firstName ?? 'Casey',
      lastName: input.lastName ?? 'Customer',
      email: input.email,
      password,
    },
  });
  if (registered.status !== 201) throw new Error(`customer sign-up answered ${registered.status}`);
  const { token } = await latestLink(server, input.email, '/verify-email');
  const verified = await server.request(`/api/public/verify-email?token=${encodeURIComponent(token)}`);
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  const tokens = await srpTokens(server, input.email, password);
  return {
    userid: String(decodeJwt(tokens.AccessToken).sub),
    email: input.email,
    password,
    accessToken: tokens.AccessToken,
  };
}

/** POST /api/customer/businesses/{id}/follow as the customer; returns the response. */
export const follow = (server: TestServer, customer: Pick<SignedInCustomer, 'accessToken'>, businessid: string) =>
  server.api('POST', `/api/customer/businesses/${businessid}/follow`, { token: customer.accessToken });

export const unfollow = (server: TestServer, customer: Pick<SignedInCustomer, 'accessToken'>, businessid: string) =>
  server.api('DELETE', `/api/customer/businesses/${businessid}/follow`, { token: customer.accessToken });
