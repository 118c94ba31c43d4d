import type { UserProfile } from '#contracts/users.ts';
import { notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';

/**
 * The signed-in owner's own account, as the guard read it with the session in its one statement
 * (server/middleware/auth.ts): the verified token's user, no second round trip.
 */
export function usersRoutes() {
  const app = createRouter('owner');
  app.get('/me', (c) => {
    const { userid, role, account } = c.get('owner');
    if (!account) throw notFound('ownUser');
    return c.json({ userid, ...account, role } satisfies UserProfile);
  });
  return app;
}
