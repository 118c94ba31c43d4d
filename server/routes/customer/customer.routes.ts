import { and, eq, sql } from 'drizzle-orm';
import {
  type CustomerBusinessView,
  type CustomerProfile,
  FOLLOWERS_ONLY,
  type FollowResponse,
  followerLimitReached,
} from '#contracts/customers.ts';
import type { Db } from '../../db/client.ts';
import { bookingCustomers, businesses, followers, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { customerScope } from '../../lib/scope.ts';
import { followerCount, lockBusiness } from '../../lib/usage.ts';
import type { AppDeps } from '../../types.ts';
import { bumpBookingsVersion } from '../bookings/bookings.queries.ts';
import { followerFeed } from '../posts/posts.queries.ts';

/**
 * The customer API, mounted at /api/customer: what the mobile app's signed-in user may read and do.
 * The guard lets only Customers members in; every query is scoped by customerScope(c).
 */
/**
 * Following decides whether the business's calendar shows a booked customer's name: the bookings
 * window's version moves when a customer with bookings there follows or unfollows (decision 023).
 */
async function bumpIfBooked(tx: Db, businessid: string, userid: string): Promise<void> {
  const [booked] = await tx
    .select({ id: bookingCustomers.id })
    .from(bookingCustomers)
    .where(and(eq(bookingCustomers.businessid, businessid), eq(bookingCustomers.userid, userid)))
    .limit(1);
  if (booked) await bumpBookingsVersion(tx, businessid);
}

export function customerRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('customer');
  const profileOf = db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.userid, sql.placeholder('customerid')))
    .prepare('customer_me');

  app.get('/me', async (c) => {
    const [customer] = await profileOf.execute(customerScope(c));
    if (!customer) throw notFound('ownCustomer');
    return c.json(customer satisfies CustomerProfile);
  });

  /**
   * Follow a business (idempotent). The package's follower limit is checked and the row written in one
   * transaction holding the business row's lock, so two customers racing for the last place cannot both
   * get it. Following again answers 200 with the original date, whatever the limit is by then.
   */
  app.post('/businesses/:businessid/follow', async (c) => {
    const mine = customerScope(c);
    const businessid = idParam(c, 'businessid', 'business');
    const result = await db.transaction(async (tx) => {
      const business = await lockBusiness(tx, businessid);
      if (!business) throw notFound('business');
      const [already] = await tx
        .select({ followedAt: followers.followedAt })
        .from(followers)
        .where(and(mine.where(followers), eq(followers.businessid, businessid)));
      if (already) return { created: false, followedAt: already.followedAt };
      const total = await followerCount(tx, businessid);
      if (total >= business.followerLimit) throw new HttpError(409, followerLimitReached(business.businessname));
      const followedAt = clock();
      await tx.insert(followers).values({ businessid, customerid: mine.customerid, followedAt });
      await bumpIfBooked(tx, businessid, mine.customerid);
      return { created: true, followedAt };
    });
    const body: FollowResponse = { following: true, followedat: result.followedAt.toISOString() };
    return c.json(body, result.created ? 201 : 200);
  });

  /** Unfollow (idempotent: not following answers the same). An unknown business is 404. */
  app.delete('/businesses/:businessid/follow', async (c) => {
    const mine = customerScope(c);
    const businessid = idParam(c, 'businessid', 'business');
    const [business] = await db
      .select({ businessid: businesses.businessid })
      .from(businesses)
      .where(eq(businesses.businessid, businessid));
    if (!business) throw notFound('business');
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(followers)
        .where(and(mine.where(followers), eq(followers.businessid, businessid)))
        .returning({ customerid: followers.customerid });
      if (gone.length > 0) await bumpIfBooked(tx, businessid, mine.customerid);
    });
    const body: FollowResponse = { following: false, followedat: null };
    return c.json(body);
  });
  app.get('/businesses/:businessid', async (c) => {
    const mine = customerScope(c);
    const businessid = idParam(c, 'businessid', 'business');
    const [row] = await db
      .select({
        businessid: businesses.businessid,
        businessname: businesses.businessname,
        description: businesses.description,
        address: businesses.address,
        latitude: businesses.latitude,
        longitude: businesses.longitude,
        logourl: businesses.logourl,
        follower: followers.customerid,
      })
      .from(businesses)
      .leftJoin(followers, and(eq(followers.businessid, businesses.businessid), mine.where(followers)))
      .where(eq(businesses.businessid, businessid));
    if (!row) throw notFound('business');
    const { follower, ...business } = row;
    return c.json({ ...business, following: follower !== null } satisfies CustomerBusinessView);
  });

  /** The business's posts, newest first, for its followers only (never the author's e-mail). */
  app.get('/businesses/:businessid/posts', async (c) => {
    const mine = customerScope(c);
    const businessid = idParam(c, 'businessid', 'business');
    const [business] = await db
      .select({ following: followers.customerid })
      .from(businesses)
      .leftJoin(followers, and(eq(followers.businessid, businesses.businessid), mine.where(followers)))
      .where(eq(businesses.businessid, businessid));
    if (!business) throw notFound('business');
    if (!business.following) throw new HttpError(403, FOLLOWERS_ONLY);
    return c.json(await followerFeed(db, businessid));
  });
  return app;
}
