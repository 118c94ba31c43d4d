import * as v from 'valibot';

/**
 * GET /api/businesses/me/user-stats. total_users: followers now. new_users_last_week: follows in the
 * business's current week (Monday 00:00 in its own zone until now). weekly: the last 12 such weeks,
 * oldest first, for the dashboard's chart (new follows that week, followers at the week's end).
 */
export const UserStats = v.object({
  total_users: v.number(),
  new_users_last_week: v.number(),
  weekly: v.array(v.object({ week_start: v.string(), new_followers: v.number(), total: v.number() })),
});
export type UserStats = v.InferOutput<typeof UserStats>;

/** GET /api/businesses/me/voucher-stats: templates not archived; codes issued and redeemed this week (business zone). */
export const VoucherStats = v.object({
  total_vouchers: v.number(),
  issued_this_week: v.number(),
  redeemed_this_week: v.number(),
});
export type VoucherStats = v.InferOutput<typeof VoucherStats>;
