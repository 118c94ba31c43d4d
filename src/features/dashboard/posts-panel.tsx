import type { BusinessProfile } from '#contracts/businesses.ts';
import { POST_TEXTS } from '#contracts/posts.ts';
import { hasRole } from '#contracts/team.ts';
import type { UserProfile } from '#contracts/users.ts';
import type { loadMachine } from '#machines/load.machine.ts';
import type { postComposerMachine } from '#machines/post-composer.machine.ts';
import { type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { liveComposerLogic, liveFeedLogic } from './dashboard.wiring.ts';
import { PostComposer } from './post-composer.tsx';
import { PostFeed } from './post-feed.tsx';
import './posts.css';

/**
 * The post composer and "Your Feed" (spec §2): a new post refreshes the feed. Staff (decision 026) read
 * the feed only: no composer, no Edit, no Delete.
 */
export function PostsPanel({
  user,
  business,
  logic = liveFeedLogic,
  options,
  composerLogic = liveComposerLogic,
}: {
  user: UserProfile | null;
  business: BusinessProfile | null;
  composerLogic?: typeof postComposerMachine;
} & FlowHooks<typeof loadMachine>) {
  const [feed, sendFeed] = useFlowActor(logic, { input: { failedText: POST_TEXTS.feedFailed }, options });
  const mayPost = !!user && hasRole(user.role, 'manager');
  return (
    <div className="posts-panel">
      {mayPost && (
        <PostComposer
          business={business}
          firstName={user?.firstname ?? null}
          onPosted={() => sendFeed({ type: 'load.refresh' })}
          logic={composerLogic}
        />
      )}
      <PostFeed
        state={feed}
        readOnly={!mayPost}
        onRetry={() => sendFeed({ type: 'load.retry' })}
        onChanged={() => sendFeed({ type: 'load.refresh' })}
      />
    </div>
  );
}
