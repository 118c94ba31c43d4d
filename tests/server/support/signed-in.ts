import { decodeJwt } from 'jose';
import type { HttpServer, TestServer } from '../harness.ts';
import { createOwner, srpTokens } from './amplify.ts';
import { latestLink } from './mailbox.ts';

/**
 * The two ways a test gets a signed-in caller, and the only ones: an owner with a business, and a
 * customer of the app. Both sign in with SRP over the raw protocol (tests/server/support/amplify.ts
 * has the real Amplify client for the tests that are about it).
 */

export type SignedInOwner = { userid: string; businessid: string; email: string; password: string; token: string };
export type SignedInCustomer = { userid: string; email: string; password: string; accessToken: string };

export const OWNER_PASSWORD = 'Owner#Signed2026';
export const CUSTOMER_PASSWORD = 'Customer#Pass2026';

/**
 * A confirmed owner with a business on the Free plan (made as registration makes them, without the
 * mail round trip), signed in. `timezone` sets the business's zone through the profile API.
 */
export async function signedInOwner(
  server: TestServer,
  input: { email: string; businessName?: string; password?: string; timezone?: string },
): Promise<SignedInOwner> {
  const password = input.password ?? OWNER_PASSWORD;
  const businessName = input.businessName ?? input.email.split('@')[0]!;
  const made = await createOwner(server, { email: input.email, password, businessName });
  const { AccessToken: token } = await srpTokens(server, input.email, password);
  if (input.timezone) {
    const saved = await server.api('PUT', '/api/businesses/me', {
      token,
      body: { businessname: businessName, timezone: input.timezone },
    });
    if (saved.status !== 200) throw new Error(`the profile answered ${saved.status}: ${await saved.text()}`);
  }
  return { userid: made.userid, businessid: made.businessid!, email: input.email, password, token };
}

let phones = 0;

/**
 * A customer exactly as the mobile app makes one, never through SQL: sign up through the customer API,
 * open the verification link from the mailbox, sign in with SRP. Each customer signs up from a phone of
 * its own address (X-Forwarded-For, read by a server started with TRUST_PROXY=true), so the
 * per-address limits meet them as they meet real phones; without TRUST_PROXY the header is ignored and
 * every sign-up counts against 127.0.0.1.
 */
export async function signedInCustomer(
  server: HttpServer,
  input: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<SignedInCustomer> {
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
