/**
 * The dashboard at /. For now: the greeting and a calm empty state; the stats cards, the post composer
 * and the feed arrive with their issue. (The original's debugging blocks, raw business data and the
 * identity token, are deliberately not part of the product.)
 */
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { SparkIcon } from '#src/ui/icons.tsx';
import { Page } from '#src/ui/page.tsx';

export const greeting = (user: UserProfile | null) => {
  const first = user?.firstname?.trim();
  return first ? `Welcome back, ${first}!` : 'Dashboard';
};

export default function DashboardPage({
  user,
  business,
}: {
  user: UserProfile | null;
  business: BusinessProfile | null;
}) {
  return (
    <Page
      title={greeting(user)}
      subtitle={
        business
          ? `Here is what is happening at ${business.businessname}.`
          : 'Here is what is happening at your business.'
      }
    >
      <section className="card" aria-labelledby="dashboard-activity">
        <h2 id="dashboard-activity">At a glance</h2>
        <EmptyState icon={<SparkIcon />} title="Your stats and feed will appear here">
          Follower and voucher numbers and the posts you share with followers are coming to this page. Meanwhile, keep
          your business profile up to date from Profile in the top bar.
        </EmptyState>
      </section>
    </Page>
  );
}
