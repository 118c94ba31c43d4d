import { desc, eq } from 'drizzle-orm';
import { dailyPostLimitReached } from '#contracts/limits.ts';
import { NewPost, type Post, type UploadTarget, UploadUrlQuery } from '#contracts/posts.ts';
import type { Db } from '../../db/client.ts';
import { posts, users } from '../../db/schema.ts';
import { publicOrigin } from '../../lib/client-ip.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope, byBusiness } from '../../lib/scope.ts';
import { lockBusiness, postsToday } from '../../lib/usage.ts';
import { check, readJson } from '../../lib/validate.ts';
import { EXTENSIONS } from '../../media/store.ts';
import type { AppDeps } from '../../types.ts';

/** How many posts the owner's feed shows, newest first. */
export const FEED_SIZE = 100;
export const BUSINESS_NOT_FOUND = 'Business not found.';

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
const toPost = ({ createdAt, ...row }: PostRow): Post => ({ ...row, createdat: createdAt.toISOString() });

export const feedQuery = (db: Db) =>
  db
    .select(postColumns)
    .from(posts)
    .leftJoin(users, eq(users.userid, posts.authorUserid))
    .where(byBusiness(posts))
    .orderBy(desc(posts.createdAt), desc(posts.postid))
    .limit(FEED_SIZE)
    .prepare('posts_feed');

/**
 * The owner's posts (spec §7): the feed, the upload target for a photo, and a new post. The daily post
 * limit is the server's to enforce, in the business's own time zone, under the business row's lock.
 */
export function postsRoutes({ db, env, clock, media }: Pick<AppDeps, 'db' | 'env' | 'clock' | 'media'>) {
  const app = createRouter('owner');
  const feed = feedQuery(db);

  app.get('/businesses/me/posts', async (c) => {
    const rows = await feed.execute(businessScope(c));
    return c.json(rows.map(toPost));
  });

  app.get('/posts/upload-url', async (c) => {
    const mine = businessScope(c);
    const { fileType } = check(UploadUrlQuery, {
      filename: c.req.query('filename'),
      fileType: c.req.query('fileType'),
    });
    const key = `posts/${mine.businessid}/${newId()}.${EXTENSIONS[fileType]}`;
    const uploadUrl = await media.uploadTarget({
      businessid: mine.businessid,
      key,
      contentType: fileType,
      origin: publicOrigin(c, env),
      now: clock(),
    });
    return c.json({ uploadUrl, key } satisfies UploadTarget);
  });

  app.post('/businesses/:id/posts', async (c) => {
    const mine = businessScope(c);
    // Another business's id answers exactly like an unknown one.
    if (c.req.param('id').toLowerCase() !== mine.businessid) throw new HttpError(404, BUSINESS_NOT_FOUND);
    const body = await readJson(c, NewPost);
    const now = clock();
    if (body.imageUrl) {
      const problem = await media.claim({ businessid: mine.businessid, key: body.imageUrl, now });
      if (problem) throw new HttpError(400, problem);
    }
    const created = await db.transaction(async (tx) => {
      const business = await lockBusiness(tx, mine.businessid);
      if (!business) throw new HttpError(404, BUSINESS_NOT_FOUND);
      if ((await postsToday(tx, business, now)) >= business.postsPerDayLimit) {
        throw new HttpError(403, dailyPostLimitReached(business.postsPerDayLimit));
      }
      const postid = newId();
      await tx.insert(posts).values({
        postid,
        businessid: mine.businessid,
        authorUserid: c.get('owner').userid,
        content: body.content ?? '',
        imageKey: body.imageUrl,
        createdAt: now,
      });
      return postid;
    });
    const [row] = await db
      .select(postColumns)
      .from(posts)
      .leftJoin(users, eq(users.userid, posts.authorUserid))
      .where(eq(posts.postid, created));
    return c.json(toPost(row!), 201);
  });

  return app;
}
