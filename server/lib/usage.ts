import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, followers, media, packages, posts } from '../db/schema.ts';
import { businessDay } from './business-time.ts';

/**
 * What a business uses of its package, counted the one way every check and every screen shares. Pass
 * the transaction that holds the business row's lock (`lockBusiness`) when the count guards a write.
 */

export type BusinessPlan = {
  businessid: string;
  businessname: string;
  timezone: string;
  followerLimit: number;
  postsPerDayLimit: number;
  bookableResourcesLimit: number;
  /** The package's name (Free, Starter, Pro): some limits are stricter on Free. */
  packageName: string;
};

const planColumns = {
  businessid: businesses.businessid,
  businessname: businesses.businessname,
  timezone: businesses.timezone,
  followerLimit: packages.followerLimit,
  postsPerDayLimit: packages.postsPerDayLimit,
  bookableResourcesLimit: packages.bookableResourcesLimit,
  packageName: packages.name,
};

/** The business with its package's limits, or undefined. */
export async function planOf(db: Db, businessid: string): Promise<BusinessPlan | undefined> {
  const [row] = await db
    .select(planColumns)
    .from(businesses)
    .innerJoin(packages, eq(packages.packageid, businesses.packageid))
    .where(eq(businesses.businessid, businessid));
  return row;
}

/**
 * The same, taking the business row's lock for the rest of the transaction: every check-then-write on a
 * business's limits (a post, a follower, a resource) goes through this, so they serialise per business.
 */
export async function lockBusiness(tx: Db, businessid: string): Promise<BusinessPlan | undefined> {
  const [row] = await tx
    .select(planColumns)
    .from(businesses)
    .innerJoin(packages, eq(packages.packageid, businesses.packageid))
    .where(eq(businesses.businessid, businessid))
    .for('update', { of: businesses });
  return row;
}

/** Posts made on the business's current calendar day, in its own time zone. */
export async function postsToday(db: Db, business: Pick<BusinessPlan, 'businessid' | 'timezone'>, now: Date) {
  const { start, end } = businessDay(now, business.timezone);
  const [row] = await db
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.businessid, business.businessid), gte(posts.createdAt, start), lt(posts.createdAt, end)));
  return row?.total ?? 0;
}

export async function followerCount(db: Db, businessid: string) {
  const [row] = await db.select({ total: count() }).from(followers).where(eq(followers.businessid, businessid));
  return row?.total ?? 0;
}

/** Bytes of photos the business keeps (every upload stored or claimed; unused ones go after a day). */
export async function mediaBytes(db: Db, businessid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${media.size}), 0)` })
    .from(media)
    .where(eq(media.businessid, businessid));
  return Number(row?.n ?? 0);
}
