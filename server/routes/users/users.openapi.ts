import { UserProfile } from '#contracts/users.ts';
import { describeRoutes } from '../../openapi/describe.ts';

/** users.routes.ts. */
export const usersApi = describeRoutes('owner', {
  'GET /api/users/me': {
    role: 'staff',
    summary: 'The signed-in owner',
    tags: ['Business'],
    ok: { 200: UserProfile },
    errors: [404],
  },
});
