import { Hono } from 'hono';
import type { Area, AreaEnv } from '../types.ts';

/**
 * The one way to start an area's routes: `createRouter('owner')` for the owner portal's API,
 * `createRouter('customer')` under /api/customer, `createRouter('public')` for the unauthenticated
 * paths. The area types what handlers can read (c.get('owner') / c.get('customer')), which the
 * scoping helpers in lib/scope.ts require. The guard assigns areas by path; a router mounted where the
 * guard resolves no principal of its area fails loudly instead of running unscoped.
 */
export function createRouter<A extends Area>(area: A): Hono<AreaEnv[A]> {
  const router = new Hono<AreaEnv[A]>();
  if (area !== 'public') {
    router.use(async (c, next) => {
      // c.get, not c.var: c.var copies every variable into a new object on each read.
      if ((c.get as (key: string) => unknown)(area) === undefined) {
        throw new Error(`A ${area} router is mounted outside the ${area} area of the guard (middleware/auth.ts).`);
      }
      await next();
    });
  }
  return router;
}
