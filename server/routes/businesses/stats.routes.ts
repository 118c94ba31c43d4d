import { and, count, gte, lt } from 'drizzle-orm';
import type { UserStats, VoucherStats } from '#contracts/stats.ts';
import { businesses, followers } from '../../db/schema.ts';
import { businessWeeks } from '../../lib/business-time.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import type { AppDeps } from '../../types.ts';

const WEEKS = 12;

/** The dashboard's numbers (spec §2): followers with a 12-week series, and vouchers. */
export function statsRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');

  app.get('/me/user-stats', async (c) => {
    const mine = businessScope(c);
    const [business] = await db
      .select({ timezone: businesses.timezone })
      .from(businesses)
      .where(mine.where(businesses));
    if (!business) throw new HttpError(404, 'No business profile found.');
    const weeks = businessWeeks(clock(), business.timezone, WEEKS);
    const first = weeks[0]!.start;
    const [before] = await db
      .select({ total: count() })
      .from(followers)
      .where(and(mine.where(followers), lt(followers.followedAt, first)));
    const recent = await db
      .select({ followedAt: followers.followedAt })
      .from(followers)
      .where(and(mine.where(followers), gte(followers.followedAt, first)));
    let total = before?.total ?? 0;
    const weekly = weeks.map(({ start, end }) => {
      const added = recent.filter((r) => r.followedAt >= start && r.followedAt < end).length;
      total += added;
      return { week_start: start.toISOString(), new_followers: added, total };
    });
    const body: UserStats = {
      total_users: total,
      new_users_last_week: weekly[weekly.length - 1]!.new_followers,
      weekly,
    };
    return c.json(body);
  });

  app.get('/me/voucher-stats', (c) => {
    businessScope(c);
    // Vouchers arrive with their own issue; until then there is nothing to count.
    const body: VoucherStats = { total_vouchers: 0, issued_this_week: 0, redeemed_this_week: 0 };
    return c.json(body);
  });

  return app;
}
