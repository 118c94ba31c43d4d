/** "Your Feed" (spec §2 feed card): the owner's posts, newest first. */

import type { SnapshotFrom } from 'xstate';
import type { Post } from '#contracts/posts.ts';
import type { loadMachine } from '#machines/load.machine.ts';
import { mediaUrl } from '#src/api/client.ts';
import { LoadError } from '#src/ui/load-error.tsx';
import { PostDelete } from './post-delete.tsx';
import { PostEdit } from './post-edit.tsx';

export const FEED_TEXTS = { empty: "You haven't made any posts yet.", unknownAuthor: 'Unknown Author' } as const;

/** The part of the author's e-mail before the @ (spec §2), else "Unknown Author". */
export const authorName = (email: string | null) => email?.split('@')[0]?.trim() || FEED_TEXTS.unknownAuthor;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One card: its own edit and delete machines; `onChanged` reloads the feed after either. Read only
 * (staff, decision 026): the post alone, with no Edit or Delete at all.
 */
export function PostCard({
  post,
  onChanged,
  readOnly = false,
}: {
  post: Post;
  onChanged?: () => void;
  readOnly?: boolean;
}) {
  const author = authorName(post.authoremail);
  return (
    <article className="card post-card" aria-label={`Post by ${author}`}>
      <header className="post-card-header">
        <span className="avatar" aria-hidden="true">
          {author.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <p className="post-card-author">{author}</p>
          <time className="post-card-time" dateTime={post.createdat}>
            {when.format(new Date(post.createdat))}
          </time>
        </div>
      </header>
      {readOnly ? (
        <>
          {post.content && <p className="post-card-content">{post.content}</p>}
          <PostImage post={post} author={author} />
        </>
      ) : (
        <PostEdit
          post={post}
          onPostEdit={onChanged}
          actions={
            <PostDelete id={post.postid} about={(post.content || 'photo').slice(0, 40)} onPostDelete={onChanged} />
          }
        >
          <PostImage post={post} author={author} />
        </PostEdit>
      )}
    </article>
  );
}

function PostImage({ post, author }: { post: Post; author: string }) {
  if (!post.imageurl) return null;
  return (
    <div className="post-card-image">
      <img
        src={mediaUrl(post.imageurl)}
        alt={post.content ? `Shared with: ${post.content.slice(0, 80)}` : `Shared by ${author}`}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}

export function PostFeed({
  state,
  onRetry,
  onChanged,
  readOnly = false,
}: {
  state: SnapshotFrom<typeof loadMachine>;
  onRetry: () => void;
  onChanged?: () => void;
  /** Staff: the posts without Edit and Delete. */
  readOnly?: boolean;
}) {
  const posts = state.context.data as Post[] | null;
  return (
    <section className="feed" aria-labelledby="feed-title" aria-busy={state.hasTag('busy') || undefined}>
      <h2 id="feed-title">Your Feed</h2>
      {state.hasTag('loading') && (
        <>
          <div className="feed-skeleton" aria-hidden="true">
            <div className="card skeleton-card" />
            <div className="card skeleton-card" />
          </div>
          <p className="visually-hidden" role="status">
            Loading your posts...
          </p>
        </>
      )}
      {state.hasTag('error') && <LoadError text={state.context.error} onRetry={onRetry} />}
      {state.hasTag('ready') && posts?.length === 0 && <p className="feed-empty">{FEED_TEXTS.empty}</p>}
      {state.hasTag('ready') &&
        posts?.map((post) => <PostCard key={post.postid} post={post} onChanged={onChanged} readOnly={readOnly} />)}
    </section>
  );
}
