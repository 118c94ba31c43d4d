import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';

/** The post composer and "Your Feed" (spec §2). Placeholder until the posts slice lands. */
export function PostsPanel(_: { user: UserProfile | null; business: BusinessProfile | null }) {
  return null;
}
