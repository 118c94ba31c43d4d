import { createHash } from 'node:crypto';

/**
 * Access tokens whose signature and claims were already verified (RS256, issuer, token_use, client id),
 * so the same token presented again skips the RSA check (about 50 µs, the largest CPU cost of a small
 * read; docs/decisions/029-request-path-at-its-floor.md). What it may and may not remember:
 * - Only what the token itself proves. The session behind it (revoked, account disabled, removed from
 *   the team, role changed) is read from the database on every request by the caller, never kept here,
 *   so every copy of the server sees a change at the next request.
 * - Keyed by the SHA-256 of the token, never the token: a heap dump holds no usable bearer credential.
 * - Never past the token's own expiry on the server's clock (`now` is the injected clock's time), and
 *   dropped when found expired.
 * - Bounded: at most `max` entries; the least recently used goes first (a Map keeps insertion order, and
 *   a hit moves its entry to the end). Only verified tokens get in, so filling it takes valid tokens.
 */
export type VerifiedTokens<V> = {
  /** The verified value for this token, if it was verified before and has not expired at `now`. */
  get: (token: string, now: Date) => V | undefined;
  /** Remembers a verified token until `expiresAtMs` (epoch ms: its `exp` × 1000). */
  remember: (token: string, value: V, expiresAtMs: number) => void;
  readonly size: number;
};

export const VERIFIED_TOKENS_MAX = 10_000;

const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export function verifiedTokens<V>(max = VERIFIED_TOKENS_MAX): VerifiedTokens<V> {
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  return {
    get: (token, now) => {
      const key = keyOf(token);
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      // jose's rule for `exp` (seconds): expired once the clock's whole second reaches it.
      if (Math.floor(now.getTime() / 1000) * 1000 >= entry.expiresAtMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    remember: (token, value, expiresAtMs) => {
      const key = keyOf(token);
      entries.delete(key);
      while (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
}
