import type { HttpServer } from '../harness.ts';
import type { SignedInCustomer } from './signed-in.ts';

/** POST /api/customer/businesses/{id}/follow as the customer; returns the response. */
export const follow = (server: HttpServer, customer: Pick<SignedInCustomer, 'accessToken'>, businessid: string) =>
  server.api('POST', `/api/customer/businesses/${businessid}/follow`, { token: customer.accessToken });

export const unfollow = (server: HttpServer, customer: Pick<SignedInCustomer, 'accessToken'>, businessid: string) =>
  server.api('DELETE', `/api/customer/businesses/${businessid}/follow`, { token: customer.accessToken });
