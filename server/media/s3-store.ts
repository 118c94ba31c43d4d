import { eq } from 'drizzle-orm';
import { mediaBytesLimit, mediaLimitReached } from '#contracts/limits.ts';
import { MAX_IMAGE_BYTES, POST_TEXTS } from '#contracts/posts.ts';
import type { Db } from '../db/client.ts';
import { businesses, media, packages, uploadTargets } from '../db/schema.ts';
import { mediaBytes } from '../lib/usage.ts';
import { sniffImage } from './sniff.ts';
import { IMAGE_DAMAGED, IMAGE_NOT_FOUND, keyBelongsTo, type MediaStore, UPLOAD_TARGET_TTL_MS } from './store.ts';
import { wholeImage } from './structure.ts';

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where images are read from: the bucket's public URL or a CDN in front of it. */
  publicBaseUrl: string;
  /** Path-style addressing (MinIO, s3rver, most S3-compatible servers): true with a custom endpoint. */
  forcePathStyle: boolean;
};

type Sdk = {
  s3: typeof import('@aws-sdk/client-s3');
  presigner: typeof import('@aws-sdk/s3-request-presigner');
  client: import('@aws-sdk/client-s3').S3Client;
};

async function loadSdk(settings: S3Settings): Promise<Sdk> {
  const [s3, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  return { s3, presigner, client };
}

/** The bucket's URL as the SPA reads images from it when no CDN is configured. */
export const defaultPublicBaseUrl = (s: Pick<S3Settings, 'bucket' | 'endpoint' | 'region'>) =>
  s.endpoint ? `${s.endpoint.replace(/\/$/, '')}/${s.bucket}/` : `https://${s.bucket}.s3.${s.region}.amazonaws.com/`;

/**
 * Images in an S3-compatible bucket. The upload target is a presigned PUT (Content-Type signed, 10
 * minutes). A presigned PUT cannot check content or cap the size, so `claim` does both when the post is
 * created: HEAD for the size, the first bytes through the magic-number check; a bad object is deleted.
 */
export function s3Store(db: Db, settings: S3Settings): MediaStore {
  // The AWS SDK (tens of megabytes of modules) is loaded at the first media call, not at start.
  let loaded: Promise<Sdk> | undefined;
  const sdk = () => (loaded ??= loadSdk(settings));
  const Bucket = settings.bucket;
  const remove = async (Key: string) => {
    const { s3, client } = await sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
  };

  return {
    kind: 's3',
    baseUrl: () => settings.publicBaseUrl,
    async uploadTarget({ businessid, key, contentType, now }) {
      // Recorded like the database store's targets (no token: the URL is presigned), so housekeeping
      // finds the object if no post ever uses it.
      await db.insert(uploadTargets).values({
        key,
        tokenHash: 'presigned',
        contentType,
        businessid,
        expiresAt: new Date(now.getTime() + UPLOAD_TARGET_TTL_MS),
        createdAt: now,
      });
      const { s3, presigner, client } = await sdk();
      return presigner.getSignedUrl(client, new s3.PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: UPLOAD_TARGET_TTL_MS / 1000,
        // The browser must send the declared type: S3 refuses a PUT whose Content-Type differs.
        signableHeaders: new Set(['content-type']),
      });
    },
    async claim({ businessid, key, now }) {
      if (!keyBelongsTo(key, businessid)) return IMAGE_NOT_FOUND;
      const { s3, client } = await sdk();
      let size: number;
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        size = head.ContentLength ?? 0;
      } catch {
        return IMAGE_NOT_FOUND;
      }
      if (size > MAX_IMAGE_BYTES) {
        await remove(key);
        return POST_TEXTS.fileSize;
      }
      // The whole object (at most 5 MB, checked above): the type by its bytes, then its structure.
      const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      const contentType = await sniffImage(bytes);
      if (!contentType) {
        await remove(key);
        return POST_TEXTS.fileType;
      }
      if (!wholeImage(bytes, contentType)) {
        await remove(key);
        return IMAGE_DAMAGED;
      }
      const [plan] = await db
        .select({ packageName: packages.name })
        .from(businesses)
        .innerJoin(packages, eq(packages.packageid, businesses.packageid))
        .where(eq(businesses.businessid, businessid));
      const limit = mediaBytesLimit(plan?.packageName ?? 'Free');
      if ((await mediaBytes(db, businessid)) + size > limit) {
        await remove(key);
        return mediaLimitReached(limit);
      }
      await db
        .insert(media)
        .values({ key, businessid, contentType, size, bytes: null, createdAt: now })
        .onConflictDoNothing();
      return null;
    },
    async remove(key) {
      await remove(key);
      await db.delete(media).where(eq(media.key, key));
    },
  };
}
