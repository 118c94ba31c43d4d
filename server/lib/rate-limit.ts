import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; count: number };

/**
 * Counts one hit in a fixed window kept in the database, so every copy of the process shares it.
 * One statement: insert, or bump the counter, or restart an expired window.
 */
export async function hitRateLimit(
  db: Db,
  bucket: string,
  options: { limit: number; windowSeconds: number; now: Date },
): Promise<RateLimitResult> {
  const resetAt = new Date(options.now.getTime() + options.windowSeconds * 1000);
  const rows = await db
    .insert(rateLimits)
    .values({ bucket, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${options.now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${options.now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0]!;
  const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - options.now.getTime()) / 1000));
  return { allowed: row.count <= options.limit, retryAfterSeconds, count: row.count };
}

/**
 * Gives one hit back (an attempt counted first that turned out not to be a failure: a code found, a
 * right password). Count first, then refund: every limiter here decides on the count its own hit
 * returned, in one statement, so N simultaneous attempts never all see the same old count.
 */
export async function refundRateLimit(db: Db, bucket: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.bucket} = ${bucket}`);
}

/** Reads a window without counting (e.g. "is this account locked?"). */
export async function peekRateLimit(db: Db, bucket: string, limit: number, now: Date): Promise<RateLimitResult> {
  const rows = await db.select().from(rateLimits).where(sql`${rateLimits.bucket} = ${bucket}`);
  const row = rows[0];
  if (!row || row.resetAt <= now) return { allowed: true, retryAfterSeconds: 0, count: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
  return { allowed: row.count < limit, retryAfterSeconds, count: row.count };
}

export async function clearRateLimit(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.bucket} = ${bucket}`);
}

/** Clears `bucket` and every bucket under it (`bucket:...`), e.g. an account's per-source counters. */
export async function clearRateLimits(db: Db, bucket: string): Promise<void> {
  const under = `${bucket.replace(/[\\%_]/g, (ch) => `\\${ch}`)}:%`;
  await db.delete(rateLimits).where(sql`${rateLimits.bucket} = ${bucket} or ${rateLimits.bucket} like ${under}`);
}
