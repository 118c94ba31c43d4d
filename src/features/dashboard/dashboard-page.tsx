/**
 * The dashboard at /: the greeting, a new owner's getting-started checklist, the follower and voucher
 * stats, then the post composer and the feed.
 * (The original's debugging blocks, raw business data and the identity token, are deliberately not part
 * of the product.)
 */
import type { UserProfile } from '#contracts/users.ts';
import type { PageProps } from '#src/lib/page.ts';
import { Page } from '#src/ui/page.tsx';
import { GettingStarted } from './getting-started.tsx';
import { PostsPanel } from './posts-panel.tsx';
import { StatsCards } from './stats-cards.tsx';

export const greeting = (user: UserProfile | null) => {
  const first = user?.firstname?.trim();
  return first ? `Welcome back, ${first}!` : 'Dashboard';
};

export default function DashboardPage({ user, business }: Pick<PageProps, 'user' | 'business'>) {
  return (
    <Page
      title={greeting(user)}
      subtitle={
        business
          ? `Here is what is happening at ${business.businessname}.`
          : 'Here is what is happening at your business.'
      }
    >
      <GettingStarted teamRole={user?.role} />
      <StatsCards />
      <PostsPanel user={user} business={business} />
    </Page>
  );
}
