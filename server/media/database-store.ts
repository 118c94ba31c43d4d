import { and, eq, gt, isNull } from 'drizzle-orm';
import { mediaBytesLimit, mediaLimitReached } from '#contracts/limits.ts';
import type { ImageType } from '#contracts/posts.ts';
import type { Db } from '../db/client.ts';
import { media, uploadTargets } from '../db/schema.ts';
import { newToken, safeEqual, sha256 } from '../lib/crypto.ts';
import { HttpError } from '../lib/http-error.ts';
import { lockBusiness, mediaBytes } from '../lib/usage.ts';
import { IMAGE_NOT_FOUND, keyBelongsTo, type MediaStore, UPLOAD_TARGET_TTL_MS } from './store.ts';

export const UPLOAD_PATH = '/api/public/media-uploads';
/** Where the database store serves images: a path on the API's origin. */
export const MEDIA_PATH = '/media/';

/**
 * Images in the `media` table, served from /media/<key>. The upload URL carries a random 256-bit token
 * stored only as its hash, valid for 10 minutes and spent by the upload (server/media/media.routes.ts).
 *
 * Both addresses are paths on this server, never absolute: the SPA resolves them against the origin it
 * calls (/config.json's apiBaseUrl, '' = the page's own), so a page opened at 127.0.0.1, at localhost or
 * from a CDN uploads and shows photos without a cross-origin request (issue 26).
 */
export function databaseStore(db: Db): MediaStore {
  return {
    kind: 'database',
    baseUrl: () => MEDIA_PATH,
    async uploadTarget({ businessid, key, contentType, now }) {
      const token = newToken();
      await db.insert(uploadTargets).values({
        key,
        tokenHash: sha256(token),
        contentType,
        businessid,
        expiresAt: new Date(now.getTime() + UPLOAD_TARGET_TTL_MS),
        createdAt: now,
      });
      const query = new URLSearchParams({ key, token });
      return `${UPLOAD_PATH}?${query}`;
    },
    async claim({ businessid, key }) {
      if (!keyBelongsTo(key, businessid)) return IMAGE_NOT_FOUND;
      const [row] = await db
        .select({ key: media.key })
        .from(media)
        .where(and(eq(media.key, key), eq(media.businessid, businessid)));
      return row ? null : IMAGE_NOT_FOUND;
    },
    async remove(key) {
      await db.delete(media).where(eq(media.key, key));
    },
  };
}

/**
 * The target for `key` if `token` matches and it is unused and unexpired (nothing is spent here, so a
 * refused file leaves the link usable for a corrected one).
 */
export type TargetLookup =
  | { problem: 'forged' | 'used' | 'expired' }
  | { problem?: undefined; target: typeof uploadTargets.$inferSelect };

/** What the upload URLs this store hands out hold: anything else cannot be one of them. */
export const KEY_SHAPE = /^[a-z0-9/._-]{1,300}$/i;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,100}$/;

export async function findTarget(db: Db, key: string, token: string, now: Date): Promise<TargetLookup> {
  // A key with a NUL would fail in PostgreSQL (a 500): a malformed link is a forged one, before any query.
  if (!KEY_SHAPE.test(key) || !TOKEN_SHAPE.test(token)) return { problem: 'forged' as const };
  const [target] = await db.select().from(uploadTargets).where(eq(uploadTargets.key, key));
  if (!target || !safeEqual(target.tokenHash, sha256(token))) return { problem: 'forged' as const };
  if (target.usedAt) return { problem: 'used' as const };
  if (target.expiresAt.getTime() <= now.getTime()) return { problem: 'expired' as const };
  return { target };
}

/** Spends the target and stores the bytes in one transaction; false when another upload spent it first. */
export async function storeUpload(
  db: Db,
  input: { key: string; businessid: string; contentType: ImageType; bytes: Uint8Array; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(uploadTargets)
      .set({ usedAt: input.now })
      .where(
        and(eq(uploadTargets.key, input.key), isNull(uploadTargets.usedAt), gt(uploadTargets.expiresAt, input.now)),
      )
      .returning({ key: uploadTargets.key });
    if (spent.length === 0) return false;
    // The package's photo storage, counted under the business row's lock so parallel uploads add up.
    const plan = await lockBusiness(tx, input.businessid);
    const limit = mediaBytesLimit(plan?.packageName ?? 'Free');
    if ((await mediaBytes(tx, input.businessid)) + input.bytes.byteLength > limit) {
      throw new HttpError(413, mediaLimitReached(limit));
    }
    await tx.insert(media).values({
      key: input.key,
      businessid: input.businessid,
      contentType: input.contentType,
      size: input.bytes.byteLength,
      bytes: input.bytes,
      createdAt: input.now,
    });
    return true;
  });
}
