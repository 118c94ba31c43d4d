import type { BusinessProfile } from '#contracts/businesses.ts';
import { POST_TEXTS } from '#contracts/posts.ts';
import type { UserProfile } from '#contracts/users.ts';
import { useFlowActor } from '#src/lib/use-flow-actor.ts';
import { liveFeedLogic } from './dashboard.wiring.ts';
import { PostComposer } from './post-composer.tsx';
import { PostFeed } from './post-feed.tsx';
import './posts.css';

/** The post composer and "Your Feed" (spec §2): a new post refreshes the feed. */
export function PostsPanel({ user, business }: { user: UserProfile | null; business: BusinessProfile | null }) {
  const [feed, sendFeed] = useFlowActor(liveFeedLogic, { input: { failedText: POST_TEXTS.feedFailed } });
  return (
    <div className="posts-panel">
      <PostComposer
        business={business}
        firstName={user?.firstname ?? null}
        onPosted={() => sendFeed({ type: 'load.refresh' })}
      />
      <PostFeed state={feed} onRetry={() => sendFeed({ type: 'load.retry' })} />
    </div>
  );
}
