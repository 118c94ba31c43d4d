import { and, count, gte, isNull, lt } from 'drizzle-orm';
import type { UserStats, VoucherStats } from '#contracts/stats.ts';
import { businesses, followers, issuedVouchers, vouchers } from '../../db/schema.ts';
import { businessWeek, businessWeeks } from '../../lib/business-time.ts';
import { notFound } from '../../lib/ids.ts';
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
    if (!business) throw notFound('ownBusiness');
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

  /** Templates not archived; codes issued and redeemed in the business's current week (its own zone). */
  app.get('/me/voucher-stats', async (c) => {
    const mine = businessScope(c);
    const [business] = await db
      .select({ timezone: businesses.timezone })
      .from(businesses)
      .where(mine.where(businesses));
    if (!business) throw notFound('ownBusiness');
    const { start, end } = businessWeek(clock(), business.timezone);
    const inWeek = (column: typeof issuedVouchers.issuedAt | typeof issuedVouchers.redeemedAt) =>
      and(mine.where(issuedVouchers), gte(column, start), lt(column, end));
    const [[templates], [issued], [redeemed]] = await Promise.all([
      db
        .select({ total: count() })
        .from(vouchers)
        .where(and(mine.where(vouchers), isNull(vouchers.deletedAt))),
      db.select({ total: count() }).from(issuedVouchers).where(inWeek(issuedVouchers.issuedAt)),
      db.select({ total: count() }).from(issuedVouchers).where(inWeek(issuedVouchers.redeemedAt)),
    ]);
    const body: VoucherStats = {
      total_vouchers: templates?.total ?? 0,
      issued_this_week: issued?.total ?? 0,
      redeemed_this_week: redeemed?.total ?? 0,
    };
    return c.json(body);
  });

  return app;
}
