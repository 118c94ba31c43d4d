import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** The one id generator. */
export const newId = (): string => randomUUID();

/** A CSPRNG token for links and refresh tokens (256 bits, URL-safe). */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as this hash, so a leaked table row cannot be replayed. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
