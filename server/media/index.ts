import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { databaseStore } from './database-store.ts';
import { defaultPublicBaseUrl, s3Store } from './s3-store.ts';
import type { MediaStore } from './store.ts';

export type { MediaStore } from './store.ts';

/** The database store, or S3 when MEDIA_S3_BUCKET is set (README "Media storage"). */
export function createMediaStore(db: Db, env: Env): MediaStore {
  if (!env.MEDIA_S3_BUCKET) return databaseStore(db);
  const settings = {
    bucket: env.MEDIA_S3_BUCKET,
    endpoint: env.MEDIA_S3_ENDPOINT,
    region: env.MEDIA_S3_REGION,
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: Boolean(env.MEDIA_S3_ENDPOINT),
  };
  return s3Store(db, { ...settings, publicBaseUrl: env.MEDIA_BASE_URL ?? defaultPublicBaseUrl(settings) });
}

/** Origins the browser talks to for media besides its own (CSP img-src and connect-src). */
export function mediaOrigins(env: Env): string[] {
  if (!env.MEDIA_S3_BUCKET) return [];
  const origins = new Set<string>();
  const settings = { bucket: env.MEDIA_S3_BUCKET, endpoint: env.MEDIA_S3_ENDPOINT, region: env.MEDIA_S3_REGION };
  origins.add(new URL(env.MEDIA_BASE_URL ?? defaultPublicBaseUrl(settings)).origin);
  origins.add(new URL(env.MEDIA_S3_ENDPOINT ?? defaultPublicBaseUrl(settings)).origin);
  return [...origins];
}
