import type { Env } from '../env.ts';
import { identityApi } from '../identity/identity.openapi.ts';
import { mailboxApi } from '../mail/mailbox.openapi.ts';
import { mediaApi } from '../media/media.openapi.ts';
import { accountApi } from '../routes/account/account.openapi.ts';
import { bookingsApi } from '../routes/bookings/bookings.openapi.ts';
import { businessesApi } from '../routes/businesses/businesses.openapi.ts';
import { configApi } from '../routes/config/config.openapi.ts';
import { customerApi } from '../routes/customer/customer.openapi.ts';
import { followersApi } from '../routes/followers/followers.openapi.ts';
import { messagingApi } from '../routes/messaging/messaging.openapi.ts';
import { packagesApi } from '../routes/packages/packages.openapi.ts';
import { postsApi } from '../routes/posts/posts.openapi.ts';
import { invitationsApi, teamApi } from '../routes/team/team.openapi.ts';
import { usersApi } from '../routes/users/users.openapi.ts';
import { vouchersApi } from '../routes/vouchers/vouchers.openapi.ts';
import { type DescribedArea, describeRoutes } from './describe.ts';

/** This document's own route. */
const documentApi = describeRoutes('public', {
  'GET /api/openapi.json': {
    summary: 'This description of the API (OpenAPI 3.1)',
    tags: ['Platform'],
    ok: { 200: { mediaType: 'application/json', description: 'The OpenAPI document.' } },
  },
});

/** Every description: one line per area file. A new `<area>.openapi.ts` is listed here. */
export const allOperations = (env: Pick<Env, 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID'>): DescribedArea[] => [
  documentApi,
  configApi,
  identityApi(env),
  mailboxApi,
  mediaApi,
  accountApi,
  customerApi,
  usersApi,
  businessesApi,
  postsApi,
  followersApi,
  packagesApi,
  vouchersApi,
  messagingApi,
  bookingsApi,
  teamApi,
  invitationsApi,
];
