import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { packages, voucherTypes } from '../db/schema.ts';

/** The plans every business can be on. Limits are what the package checks enforce. */
export const PLANS = [
  {
    name: 'Free',
    description: 'For trying things out: a follower list, a weekly post and one bookable resource.',
    monthlyPrice: '0.00',
    annualPrice: '0.00',
    followerLimit: 100,
    postsPerDayLimit: 1,
    bookableResourcesLimit: 1,
    customBrandingEnabled: false,
    supportLevel: 'email',
    sortOrder: 1,
  },
  {
    name: 'Starter',
    description: 'For a growing local business with regulars to keep coming back.',
    monthlyPrice: '19.00',
    annualPrice: '190.00',
    followerLimit: 1000,
    postsPerDayLimit: 3,
    bookableResourcesLimit: 5,
    customBrandingEnabled: false,
    supportLevel: 'email',
    sortOrder: 2,
  },
  {
    name: 'Pro',
    description: 'For busy venues: more reach, more resources, your own branding and priority help.',
    monthlyPrice: '49.00',
    annualPrice: '490.00',
    followerLimit: 10000,
    postsPerDayLimit: 10,
    bookableResourcesLimit: 25,
    customBrandingEnabled: true,
    supportLevel: 'priority',
    sortOrder: 3,
  },
] as const;

export const VOUCHER_TYPES = ['Percentage Discount', 'Fixed Amount', 'Free Item', 'Buy One Get One'] as const;

/**
 * Catalogue rows every installation needs; safe to run on every start. A start that finds every plan and
 * voucher type (all but the first, and the first after a new one is added) runs one read and no insert:
 * the inserts were the start's first writes, the costliest of its statements on PGlite.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  // Both drivers answer with { rows } (PGlite's results, node-postgres's QueryResult).
  const present = (await db.execute(
    sql`select array(select ${packages.name} from ${packages}) as "plans", array(select ${voucherTypes.typename} from ${voucherTypes}) as "types"`,
  )) as unknown as { rows: { plans: string[]; types: string[] }[] };
  const row = present.rows[0];
  const plans = new Set(row?.plans ?? []);
  const types = new Set(row?.types ?? []);
  if (!PLANS.every((plan) => plans.has(plan.name))) {
    await db
      .insert(packages)
      .values([...PLANS])
      .onConflictDoNothing({ target: packages.name });
  }
  if (!VOUCHER_TYPES.every((typename) => types.has(typename))) {
    await db
      .insert(voucherTypes)
      .values(VOUCHER_TYPES.map((typename) => ({ typename })))
      .onConflictDoNothing({ target: voucherTypes.typename });
  }
}
