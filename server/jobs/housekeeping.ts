import { and, inArray, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountTokens, authChallenges, media, posts, rateLimits, refreshTokens, uploadTargets } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { MediaStore } from '../media/store.ts';
import type { Logger } from '../middleware/request-log.ts';
import { type JobEngine, QUEUES } from './engine.ts';

const HOUR = 3_600_000;
/** An expired link still says "expired" (not "not valid") for a week; then it is deleted. */
export const EXPIRED_TOKEN_GRACE_MS = 7 * 24 * HOUR;
/** An upload no post uses is deleted this long after it was made (bytes and object, row and target). */
export const UNUSED_UPLOAD_MS = 24 * HOUR;
/** Every 15 minutes, on whichever copy takes the job (pg-boss sends one job per schedule tick). */
export const HOUSEKEEPING_CRON = '*/15 * * * *';

export type Purged = {
  accountTokens: number;
  refreshTokens: number;
  challenges: number;
  rateLimits: number;
  uploadTargets: number;
  uploads: number;
};

/** Keys of uploads made before `before` that no live post uses: targets issued then, and stored media. */
async function unusedUploads(db: Db, before: Date): Promise<string[]> {
  const unused = (key: typeof uploadTargets.key | typeof media.key) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(posts)
        .where(and(sql`${posts.imageKey} = ${key}`, isNull(posts.deletedAt))),
    );
  const [targets, stored] = await Promise.all([
    db
      .select({ key: uploadTargets.key })
      .from(uploadTargets)
      .where(and(lt(uploadTargets.createdAt, before), unused(uploadTargets.key)))
      .limit(1000),
    db
      .select({ key: media.key })
      .from(media)
      .where(and(lt(media.createdAt, before), unused(media.key)))
      .limit(1000),
  ]);
  return [...new Set([...targets, ...stored].map((row) => row.key))];
}

/**
 * One round of housekeeping: expired links and refresh tokens (after a week), expired sign-in
 * challenges and rate-limit windows, and uploads no post uses 24 hours after they were made (the
 * bytes, or the S3 object, with their rows and targets). Idempotent: two copies running it at once
 * delete each row once.
 */
export async function housekeeping(deps: { db: Db; media: MediaStore; now: Date }): Promise<Purged> {
  const { db, now } = deps;
  const graceful = new Date(now.getTime() - EXPIRED_TOKEN_GRACE_MS);
  const keys = await unusedUploads(db, new Date(now.getTime() - UNUSED_UPLOAD_MS));
  for (const key of keys) await deps.media.remove(key);
  const removed = keys.length
    ? await db.delete(uploadTargets).where(inArray(uploadTargets.key, keys)).returning({ key: uploadTargets.key })
    : [];
  const [tokens, refresh, challenges, windows, targets] = await Promise.all([
    db.delete(accountTokens).where(lt(accountTokens.expiresAt, graceful)).returning({ h: accountTokens.tokenHash }),
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, graceful)).returning({ h: refreshTokens.tokenHash }),
    db.delete(authChallenges).where(lte(authChallenges.expiresAt, now)).returning({ h: authChallenges.idHash }),
    db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ b: rateLimits.bucket }),
    // Spent or expired targets a day on (a used one's upload is kept by its post): until then their
    // link says "used" or "expired" rather than "not valid".
    db
      .delete(uploadTargets)
      .where(lt(uploadTargets.expiresAt, new Date(now.getTime() - UNUSED_UPLOAD_MS)))
      .returning({ key: uploadTargets.key }),
  ]);
  return {
    accountTokens: tokens.length,
    refreshTokens: refresh.length,
    challenges: challenges.length,
    rateLimits: windows.length,
    uploadTargets: removed.length + targets.length,
    uploads: keys.length,
  };
}

/** The housekeeping queue's worker and its schedule, on every copy (pg-boss runs each tick once). */
export async function startHousekeeping(deps: {
  db: Db;
  media: MediaStore;
  clock: Clock;
  log: Logger;
  jobs: JobEngine;
}): Promise<void> {
  const { jobs, log } = deps;
  await jobs.boss.work(QUEUES.housekeeping, async () => {
    const purged = await housekeeping({ db: deps.db, media: deps.media, now: deps.clock() });
    const total = Object.values(purged).reduce((sum, n) => sum + n, 0);
    if (total) log.info(`housekeeping: ${JSON.stringify(purged)}`);
    return purged;
  });
  await jobs.boss.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON);
}
