import { eq } from 'drizzle-orm';
import { dailyPostLimitReached } from '#contracts/limits.ts';
import { NewPost, type UploadTarget, UploadUrlQuery } from '#contracts/posts.ts';
import { posts } from '../../db/schema.ts';
import { publicOrigin } from '../../lib/client-ip.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope, ownBusinessParam } from '../../lib/scope.ts';
import { lockBusiness, postsToday } from '../../lib/usage.ts';
import { check, readJson } from '../../lib/validate.ts';
import { EXTENSIONS } from '../../media/store.ts';
import type { AppDeps } from '../../types.ts';
import { feedQuery, selectPosts, toPost } from './posts.queries.ts';

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

  return app;
}
