import { asc, eq } from 'drizzle-orm';
import type { PackageDashboard, Plan, Usage } from '#contracts/packages.ts';
import { businesses, packages } from '../../db/schema.ts';
import { notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { type businessScope, ownBusinessParam } from '../../lib/scope.ts';
import { followerCount, planOf, postsToday } from '../../lib/usage.ts';
import type { AppDeps } from '../../types.ts';
import { resourceCount } from '../bookings/bookings.queries.ts';

const usage = (currentCount: number, limit: number): Usage => ({
  currentCount,
  limit,
  remaining: Math.max(0, limit - currentCount),
});

/**
 * The package area of spec §7: the plans on offer, and a business's usage against its plan. The
 * {businessid} in the path must be the caller's; any other (someone else's, unknown, malformed) is 404.
 */
export function packagesRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');

  app.get('/active', async (c) => {
    const rows = await db.select().from(packages).where(eq(packages.isActive, true)).orderBy(asc(packages.sortOrder));
    const data: Plan[] = rows.map((p) => ({
      packageid: p.packageid,
      name: p.name,
      description: p.description,
      monthly_price: Number(p.monthlyPrice),
      annual_price: Number(p.annualPrice),
      follower_limit: p.followerLimit,
      posts_per_day_limit: p.postsPerDayLimit,
      bookable_resources_limit: p.bookableResourcesLimit,
      custom_branding_enabled: p.customBrandingEnabled,
      support_level: p.supportLevel,
    }));
    return c.json({ data });
  });

  const mine = async (c: Parameters<typeof businessScope>[0]) => {
    const { businessid } = ownBusinessParam(c, 'businessid');
    const plan = await planOf(db, businessid);
    if (!plan) throw notFound('business');
    return plan;
  };

  app.get('/usage/:businessid/dashboard', async (c) => {
    const plan = await mine(c);
    const [row] = await db
      .select({
        name: packages.name,
        price: businesses.negotiatedMonthlyPrice,
        cycle: businesses.billingCycle,
        branding: packages.customBrandingEnabled,
      })
      .from(businesses)
      .innerJoin(packages, eq(packages.packageid, businesses.packageid))
      .where(eq(businesses.businessid, plan.businessid));
    const [followers, postsNow, resources] = await Promise.all([
      followerCount(db, plan.businessid),
      postsToday(db, plan, clock()),
      resourceCount(db, plan.businessid),
    ]);
    const body: PackageDashboard = {
      data: {
        package: {
          package_name: row?.name ?? null,
          negotiated_monthly_price: Number(row?.price ?? 0),
          billing_cycle: row?.cycle || 'month',
          custom_branding_enabled: row?.branding ?? false,
        },
        usage: {
          followers: usage(followers, plan.followerLimit),
          posts: usage(postsNow, plan.postsPerDayLimit),
          resources: usage(resources, plan.bookableResourcesLimit),
        },
      },
    };
    return c.json(body);
  });

  app.get('/usage/:businessid/can-create-post', async (c) => {
    const plan = await mine(c);
    const today = await postsToday(db, plan, clock());
    return c.json({
      canCreate: today < plan.postsPerDayLimit,
      limit: plan.postsPerDayLimit,
      remaining: Math.max(0, plan.postsPerDayLimit - today),
    });
  });

  app.get('/usage/:businessid/can-add-resource', async (c) => {
    const plan = await mine(c);
    const resources = await resourceCount(db, plan.businessid);
    return c.json({ canAdd: resources < plan.bookableResourcesLimit, limit: plan.bookableResourcesLimit });
  });

  return app;
}
