import { eq, sql } from 'drizzle-orm';
import type { UserProfile } from '#contracts/users.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import type { AppDeps } from '../../types.ts';

/** The signed-in owner's own account; scoped by the user id of the verified token. */
export function usersRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = createRouter('owner');
  const profileOf = db
    .select({ userid: users.userid, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.userid, sql.placeholder('userid')))
    .prepare('users_me');

  app.get('/me', async (c) => {
    const [user] = await profileOf.execute({ userid: c.get('owner').userid });
    if (!user) throw notFound('ownUser');
    // Until the team's server side lands (issue 25), every account is its business's owner.
    return c.json({ ...user, role: 'owner' } satisfies UserProfile);
  });
  return app;
}
