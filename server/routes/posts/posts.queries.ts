/**
 * The posts area's reads, shared by the owner's routes, the customer API and the benchmarks (scripts/
 * may import `*.queries.ts` files, never a routes file). Every list of posts a person sees is built
 * here, so a change to what a post is (an edit, a deletion) is made in one place.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CustomerPost, Post } from '#contracts/posts.ts';
import type { Db } from '../../db/client.ts';
import { posts, users } from '../../db/schema.ts';
import { byBusiness } from '../../lib/scope.ts';
import type { MediaStore } from '../../media/store.ts';

/** How many posts a feed shows, newest first (the owner's and a follower's alike). */
export const FEED_SIZE = 100;

const postColumns = {
  postid: posts.postid,
  content: posts.content,
  imageurl: posts.imageKey,
  createdAt: posts.createdAt,
  authoremail: users.email,
};
type PostRow = {
  postid: string;
  content: string;
  imageurl: string | null;
  createdAt: Date;
  authoremail: string | null;
};
export const toPost = ({ createdAt, ...row }: PostRow): Post => ({ ...row, createdat: createdAt.toISOString() });

/** Posts as the owner's feed shows them (with the author's e-mail); add the where. */
export const selectPosts = (db: Db) =>
  db.select(postColumns).from(posts).leftJoin(users, eq(users.userid, posts.authorUserid));

/** Posts not deleted: every list a person sees. A deleted row stays only to count toward its day's limit. */
export const livePost = isNull(posts.deletedAt);

/** The owner's feed: execute with `businessScope(c)`. */
export const feedQuery = (db: Db) =>
  selectPosts(db)
    .where(and(byBusiness(posts), livePost))
    .orderBy(desc(posts.createdAt), desc(posts.postid))
    .limit(FEED_SIZE)
    .prepare('posts_feed');

/** A business's posts as its followers read them in the app (never the author's e-mail), newest first. */
export async function followerFeed(db: Db, businessid: string): Promise<CustomerPost[]> {
  const rows = await db
    .select({ postid: posts.postid, content: posts.content, imageurl: posts.imageKey, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.businessid, businessid), livePost))
    .orderBy(desc(posts.createdAt), desc(posts.postid))
    .limit(FEED_SIZE);
  return rows.map(({ createdAt, ...row }) => ({ ...row, createdat: createdAt.toISOString() }));
}

/**
 * Removes an image from the media store once no live post names it (a deleted post's, or one an edit
 * replaced). The key is checked because nothing stops two posts naming the same upload.
 */
export async function removeUnusedImage(db: Db, media: Pick<MediaStore, 'remove'>, key: string | null) {
  if (!key) return;
  const [still] = await db
    .select({ postid: posts.postid })
    .from(posts)
    .where(and(eq(posts.imageKey, key), livePost))
    .limit(1);
  if (!still) await media.remove(key);
}
