import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';

export type Purpose = 'verify_email' | 'password_reset';

const WORDING: Record<Purpose, { invalid: string; used: string; expired: string }> = {
  verify_email: {
    invalid: 'This verification link is not valid. Please check the link and try again.',
    used: 'This verification link has already been used. You can sign in.',
    expired: 'This verification link has expired. Please request a new one.',
  },
  password_reset: {
    invalid: 'This password reset link is not valid. Please request a new one.',
    used: 'This password reset link has already been used. Please request a new one.',
    expired: 'This password reset link has expired. Please request a new one.',
  },
};

/** Issues a single-use link token: only its hash is stored. */
export async function issueToken(db: Db, userid: string, purpose: Purpose, ttlSeconds: number, now: Date) {
  const token = newToken();
  await db.insert(accountTokens).values({
    tokenHash: sha256(token),
    userid,
    purpose,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    createdAt: now,
  });
  return token;
}

/**
 * Refuses a token that is unknown, used or expired, saying precisely why, without spending it (the
 * reset page checks its link as it opens, before the owner types anything).
 */
export async function checkToken(db: Db, token: string, purpose: Purpose, now: Date): Promise<string> {
  const wording = WORDING[purpose];
  const [row] = await db
    .select({ userid: accountTokens.userid, usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, purpose)));
  if (!row) throw new HttpError(400, wording.invalid);
  if (row.usedAt) throw new HttpError(400, wording.used);
  if (row.expiresAt <= now) throw new HttpError(400, wording.expired);
  return row.userid;
}

/**
 * Spends a token: marks it used in the same statement that checks it is unused, so two concurrent
 * clicks cannot both succeed. Explains precisely why a token is refused. `beforeSpending` may refuse
 * (throw) after the token proved valid, leaving it unspent.
 */
export async function spendToken(
  db: Db,
  token: string,
  purpose: Purpose,
  now: Date,
  options: { beforeSpending?: (userid: string) => Promise<void> } = {},
): Promise<string> {
  const wording = WORDING[purpose];
  const tokenHash = sha256(token);
  const userid = await checkToken(db, token, purpose, now);
  await options.beforeSpending?.(userid);
  const spent = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt)))
    .returning({ userid: accountTokens.userid });
  if (!spent[0]) throw new HttpError(400, wording.used);
  return spent[0].userid;
}

/** After a successful reset every other outstanding reset link of the user stops working. */
export async function spendAllTokens(db: Db, userid: string, purpose: Purpose, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userid, userid), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
