/** Follower Stats and Voucher Stats (spec §2 Dashboard). Placeholder until the stats slice lands. */
export function StatsCards() {
  return null;
}
