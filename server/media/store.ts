import type { ImageType } from '#contracts/posts.ts';

/**
 * Where post images live. Two stores behind this one interface, chosen by configuration
 * (server/media/index.ts): the database (default; every server copy shares it) or S3-compatible storage.
 *
 * The owner asks for an upload target (a signed, short-lived, single-use URL for one key), PUTs the
 * file there, then names the key in the post. `claim` runs when the post is created: the key must be
 * one this business uploaded, of an allowed type by content, at most 5 MB.
 */
export interface MediaStore {
  readonly kind: 'database' | 's3';
  /**
   * Where the SPA and the app find images: key appended to this (/config.json's mediaBaseUrl). An
   * absolute URL (a bucket) or a path on the API's origin (the database store), which the caller resolves
   * against the origin it calls: never a fixed host name of this server.
   */
  baseUrl(): string;
  /**
   * The URL the browser PUTs the file to, with its Content-Type and X-Requested-With: signed and absolute
   * (a bucket), or a path on the API's origin (the database store), resolved like `baseUrl`.
   */
  uploadTarget(input: { businessid: string; key: string; contentType: ImageType; now: Date }): Promise<string>;
  /** Null when the key is usable by this business in a post; else the sentence to answer with. */
  claim(input: { businessid: string; key: string; now: Date }): Promise<string | null>;
  /**
   * Removes a stored image (the bytes and its `media` row): a deleted post's, or one an edit replaced.
   * Best effort: a failure leaves an orphan, never a failed request. Callers check no live post still
   * names the key (posts.queries.ts `removeUnusedImage`; housekeeping's unused uploads).
   */
  remove(key: string): Promise<void>;
}

/** How long an upload target is valid. */
export const UPLOAD_TARGET_TTL_MS = 10 * 60 * 1000;

export const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/** Keys are unguessable and carry their business: posts/<businessid>/<uuid>.<ext>. */
export const keyBelongsTo = (key: string, businessid: string) => key.startsWith(`posts/${businessid}/`);

export const IMAGE_DAMAGED = 'This image file is damaged or incomplete. Please choose another photo.';

export const IMAGE_NOT_FOUND = 'The image was not uploaded by this business. Please attach it again.';
