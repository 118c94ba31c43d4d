import { and, eq, isNull } from 'drizzle-orm';
import { dailyPostLimitReached, mediaBytesLimit, mediaLimitReached, uploadLimitReached } from '#contracts/limits.ts';
import { NewPost, POST_DELETED, PostUpdate, type UploadTarget, UploadUrlQuery } from '#contracts/posts.ts';
import { posts } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope, ownBusinessParam } from '../../lib/scope.ts';
import { lockBusiness, mediaBytes, planOf, postsToday } from '../../lib/usage.ts';
import { check, readJson } from '../../lib/validate.ts';
import { EXTENSIONS } from '../../media/store.ts';
import type { AppDeps } from '../../types.ts';
import { feedQuery, removeUnusedImage, selectPosts, toPost } from './posts.queries.ts';

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
    const now = clock();
    // At most UPLOAD_TARGETS_PER_HOUR targets an hour per business, counted in one statement.
    const window = await hitRateLimit(db, `uploadTargets:${mine.businessid}`, {
      limit: env.UPLOAD_TARGETS_PER_HOUR,
      windowSeconds: 3600,
      now,
    });
    if (!window.allowed) {
      throw new HttpError(
        429,
        uploadLimitReached(env.UPLOAD_TARGETS_PER_HOUR, Math.ceil(window.retryAfterSeconds / 60)),
        {
          'Retry-After': String(window.retryAfterSeconds),
        },
      );
    }
    // A full store is refused before the upload, not after 5 MB went over the wire (checked again when stored).
    const plan = await planOf(db, mine.businessid);
    const limit = mediaBytesLimit(plan?.packageName ?? 'Free');
    if ((await mediaBytes(db, mine.businessid)) >= limit) throw new HttpError(409, mediaLimitReached(limit));
    const key = `posts/${mine.businessid}/${newId()}.${EXTENSIONS[fileType]}`;
    const uploadUrl = await media.uploadTarget({
      businessid: mine.businessid,
      key,
      contentType: fileType,
      now,
    });
    return c.json({ uploadUrl, key } satisfies UploadTarget);
  });

  app.post('/businesses/:id/posts', async (c) => {
    const mine = ownBusinessParam(c, 'id');
    const body = await readJson(c, NewPost);
    const now = clock();
    if (body.imageUrl) {
      const problem = await media.claim({ businessid: mine.businessid, key: body.imageUrl, now });
      if (problem) throw new HttpError(400, problem);
    }
    const created = await db.transaction(async (tx) => {
      const business = await lockBusiness(tx, mine.businessid);
      if (!business) throw notFound('business');
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
    const [row] = await selectPosts(db).where(eq(posts.postid, created));
    return c.json(toPost(row!), 201);
  });

  /** Edit: new text and image under the rules of a new post; a replaced image leaves the media store. */
  app.put('/posts/:id', async (c) => {
    const mine = businessScope(c);
    const postid = idParam(c, 'id', 'post');
    const body = await readJson(c, PostUpdate);
    const now = clock();
    const own = and(mine.where(posts), eq(posts.postid, postid), isNull(posts.deletedAt));
    const [before] = await db.select({ imageKey: posts.imageKey }).from(posts).where(own);
    if (!before) throw notFound('post');
    if (body.imageUrl && body.imageUrl !== before.imageKey) {
      const problem = await media.claim({ businessid: mine.businessid, key: body.imageUrl, now });
      if (problem) throw new HttpError(400, problem);
    }
    const replaced = await db.transaction(async (tx) => {
      // The row's lock orders this edit against a delete or another edit of the same post.
      const [current] = await tx.select({ imageKey: posts.imageKey }).from(posts).where(own).for('update');
      if (!current) throw notFound('post');
      await tx
        .update(posts)
        .set({ content: body.content ?? '', imageKey: body.imageUrl })
        .where(eq(posts.postid, postid));
      return current.imageKey !== body.imageUrl ? current.imageKey : null;
    });
    await removeUnusedImage(db, media, replaced);
    const [row] = await selectPosts(db).where(eq(posts.postid, postid));
    return c.json(toPost(row!));
  });

  /**
   * Delete: the row is marked, not removed, so it still counts toward its day's post limit (deleting
   * never makes room for another post); its image leaves the media store.
   */
  app.delete('/posts/:id', async (c) => {
    const mine = businessScope(c);
    const postid = idParam(c, 'id', 'post');
    const [gone] = await db
      .update(posts)
      .set({ deletedAt: clock() })
      .where(and(mine.where(posts), eq(posts.postid, postid), isNull(posts.deletedAt)))
      .returning({ imageKey: posts.imageKey });
    if (!gone) throw notFound('post');
    await removeUnusedImage(db, media, gone.imageKey);
    return c.json({ message: POST_DELETED });
  });

  return app;
}
