import { FollowerDetail, FollowersPage, FollowersQuery } from '#contracts/followers.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Followers'];

/** followers.routes.ts. */
export const followersApi = describeRoutes('owner', {
  'GET /api/businesses/me/followers': {
    role: 'staff',
    summary: 'A page of followers',
    tags,
    query: FollowersQuery,
    queryExample: { page: '1', limit: '20', q: 'amelia' },
    ok: { 200: FollowersPage },
  },
  'GET /api/followers/:id': {
    summary: 'One follower of the business, with their history with it',
    description:
      "The follower's claimed vouchers, bookings and conversation with the caller's business only (issue 26).",
    tags,
    params: { id: 'The customer id (a UUID).' },
    ok: { 200: FollowerDetail },
    role: 'staff',
  },
  'GET /api/businesses/me/followers/export': {
    role: 'manager',
    summary: 'Every follower as CSV',
    tags,
    ok: { 200: { mediaType: 'text/csv', description: 'One follower a line.' } },
    errors: [404],
  },
});
