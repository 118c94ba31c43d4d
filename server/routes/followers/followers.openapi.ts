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
    queryExample: { page: '1', limit: '20' },
    ok: { 200: FollowersPage },
  },
  'GET /api/followers/:id': {
    role: 'staff',
    summary: 'One follower of the business',
    tags,
    params: { id: 'The customer id (a UUID).' },
    ok: { 200: FollowerDetail },
  },
  'GET /api/businesses/me/followers/export': {
    role: 'manager',
    summary: 'Every follower as CSV',
    tags,
    ok: { 200: { mediaType: 'text/csv', description: 'One follower a line.' } },
    errors: [404],
  },
});
