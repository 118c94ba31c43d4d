import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { UserProfile } from '#contracts/users.ts';
import type { AppDeps, AppEnv } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

export function usersRoutes({ db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/me', async (c) => {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.userid, c.get('auth').sub));
    if (!user) throw new HttpError(404, 'No user profile found.');
    const profile: UserProfile = {
      userid: user.userid,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
    };
    return c.json(profile);
  });
  return app;
}
