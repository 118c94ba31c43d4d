import { eq, sql } from 'drizzle-orm';
import type { CustomerProfile } from '#contracts/customers.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRouter } from '../../lib/router.ts';
import { customerScope } from '../../lib/scope.ts';
import type { AppDeps } from '../../types.ts';

/**
 * The customer API, mounted at /api/customer: what the mobile app's signed-in user may read and do.
 * The guard lets only Customers members in; every query is scoped by customerScope(c).
 */
export function customerRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = createRouter('customer');
  const profileOf = db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.userid, sql.placeholder('customerid')))
    .prepare('customer_me');

  app.get('/me', async (c) => {
    const [customer] = await profileOf.execute(customerScope(c));
    if (!customer) throw new HttpError(404, 'No customer profile found.');
    return c.json(customer satisfies CustomerProfile);
  });
  return app;
}
