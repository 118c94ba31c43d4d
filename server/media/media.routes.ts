import { and, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { type ImageType, POST_TEXTS } from '#contracts/posts.ts';
import { media } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { unknownPath } from '../lib/ids.ts';
import { rawPath } from '../lib/raw-path.ts';
import type { AppDeps, AppEnv } from '../types.ts';
import { findTarget, KEY_SHAPE, storeUpload } from './database-store.ts';
import { sniffImage } from './sniff.ts';
import { IMAGE_DAMAGED } from './store.ts';
import { wholeImage } from './structure.ts';

const TARGET_PROBLEMS = {
  forged: { status: 403, message: 'This upload link is not valid. Please attach the photo again.' },
  used: { status: 410, message: 'This upload link was already used. Please attach the photo again.' },
  expired: { status: 410, message: 'This upload link has expired. Please attach the photo again.' },
} as const;

/**
 * PUT /api/public/media-uploads?key&token: the database store's upload target. The body is capped at
 * 5 MB before it is read (middleware/body-limit.ts), the type is decided by the bytes (magic numbers)
 * and must be the type the owner declared, and the target is spent in the same transaction that stores
 * the file.
 */
export function uploadRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = new Hono<AppEnv>();
  app.put('/public/media-uploads', async (c) => {
    const key = c.req.query('key') ?? '';
    const token = c.req.query('token') ?? '';
    const found = await findTarget(db, key, token, clock());
    if (found.problem) {
      const { status, message } = TARGET_PROBLEMS[found.problem];
      throw new HttpError(status, message);
    }
    const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (declared !== found.target.contentType) throw new HttpError(415, POST_TEXTS.fileType);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty. Please choose a photo.');
    if ((await sniffImage(bytes)) !== found.target.contentType) throw new HttpError(415, POST_TEXTS.fileType);
    // More than the magic number: a PNG header followed by anything is not a PNG (server/media/structure.ts).
    if (!wholeImage(bytes, found.target.contentType as ImageType)) throw new HttpError(415, IMAGE_DAMAGED);
    const stored = await storeUpload(db, {
      key,
      businessid: found.target.businessid,
      contentType: found.target.contentType as ImageType,
      bytes,
      now: clock(),
    });
    if (!stored) throw new HttpError(TARGET_PROBLEMS.used.status, TARGET_PROBLEMS.used.message);
    return c.json({ key }, 201);
  });
  return app;
}

/** GET /media/<key>: images of the database store, immutable (a key is never reused). */
export function mediaRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  app.get('/media/*', async (c) => {
    // The key as sent, checked before anything decodes it: keys are plain URL-safe text, so a percent
    // escape (a broken one, a NUL, an encoded slash) names no image.
    const key = rawPath(c.req.url).slice('/media/'.length);
    if (!KEY_SHAPE.test(key)) return unknownPath(c);
    const [row] = await db
      .select({ contentType: media.contentType, bytes: media.bytes })
      .from(media)
      .where(and(eq(media.key, key), isNotNull(media.bytes)));
    if (!row?.bytes) return unknownPath(c);
    return c.body(row.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': row.contentType,
      'Content-Length': String(row.bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Stricter than the app's policy, which the security middleware leaves in place for this answer.
      'Content-Security-Policy': "default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'",
    });
  });
  return app;
}
