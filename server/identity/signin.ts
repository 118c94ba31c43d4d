import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { isUuid } from '#contracts/common.ts';
import { passwordProblem } from '#contracts/password.ts';
import { hasControlCharacters, isBlank } from '#contracts/text.ts';
import { authChallenges } from '../db/schema.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import { clearRateLimit, hitRateLimit, peekRateLimit, refundRateLimit } from '../lib/rate-limit.ts';
import { checkClient, type IdentityContext, LIMITS, minutesText, type Operation } from './context.ts';
import { CognitoError, INCORRECT, invalidParameter, notAuthorized, objectParam, stringParam } from './errors.ts';
import { decoyB, expectedSignature, fromHex, modPowN, N, padHex, serverChallenge, TIMESTAMP_FORMAT } from './srp.ts';
import { normalizeEmail, type UserRow } from './store.ts';

/** USER_SRP_AUTH: InitiateAuth → PASSWORD_VERIFIER → tokens or NEW_PASSWORD_REQUIRED (protocol §2.1–2.3). */

/** Every failure bucket of an account starts with this (the password reset clears them all). */
export const failBucket = (username: string) => `signin-fail:${username}`;
const sourceFailBucket = (username: string, ip: string) => `signin-fail:${username}:${ip}`;
const knownSourceBucket = (username: string, ip: string) => `signin-known:${username}:${ip}`;

async function limitIp(ctx: IdentityContext, ip: string, operation: string) {
  const result = await hitRateLimit(ctx.db, `cognito-${operation}:${ip}`, {
    limit: ctx.env.SIGNIN_LIMIT_PER_MINUTE,
    windowSeconds: LIMITS.perIpWindowSeconds,
    now: ctx.clock(),
  });
  if (!result.allowed) {
    throw new CognitoError('TooManyRequestsException', 'Too many requests. Please wait a minute and try again.');
  }
}

const lockedOut = (retryAfterSeconds: number) =>
  new CognitoError(
    'LimitExceededException',
    `Too many failed sign-in attempts. Please wait ${minutesText(retryAfterSeconds)} and try again.`,
  );

/**
 * Before a password is tried (docs/decisions/004-sign-in-lockout.md): this source is locked out of
 * this account after its own failures; and while the account is under attack from many sources, only
 * sources that signed in to it before may try. Someone else's failures never lock the owner's client.
 */
async function refuseIfLocked(ctx: IdentityContext, username: string, ip: string) {
  const now = ctx.clock();
  const source = await peekRateLimit(ctx.db, sourceFailBucket(username, ip), LIMITS.failedSignIns.limit, now);
  if (!source.allowed) throw lockedOut(source.retryAfterSeconds);
  const account = await peekRateLimit(ctx.db, failBucket(username), LIMITS.accountFailures.limit, now);
  if (account.allowed) return;
  const known = await peekRateLimit(ctx.db, knownSourceBucket(username, ip), 1, now);
  if (known.count === 0) throw lockedOut(account.retryAfterSeconds);
}

/**
 * A password is about to be tried: the attempt is counted FIRST (each window's own increment decides,
 * one statement each), so any number of simultaneous attempts from one source evaluate at most
 * `failedSignIns.limit` passwords; past the account's limit only known sources go on. A right password
 * gives its counts back (passedFrom). Only usernames as this server writes them (lower-case UUIDs)
 * count, so random input cannot fill the table with buckets.
 */
async function countAttempt(ctx: IdentityContext, username: string, ip: string) {
  if (!isUuid(username) || username !== username.toLowerCase()) return;
  const now = ctx.clock();
  const source = await hitRateLimit(ctx.db, sourceFailBucket(username, ip), { ...LIMITS.failedSignIns, now });
  if (!source.allowed) throw lockedOut(source.retryAfterSeconds);
  const account = await hitRateLimit(ctx.db, failBucket(username), { ...LIMITS.accountFailures, now });
  if (account.allowed) return;
  const known = await peekRateLimit(ctx.db, knownSourceBucket(username, ip), 1, now);
  if (known.count === 0) throw lockedOut(account.retryAfterSeconds);
}

/** The attempt was counted before the password was tried (countAttempt): a failure only answers. */
function failSignIn(): never {
  throw notAuthorized(INCORRECT);
}

/** The right password from this source: its failures are forgiven and it becomes known to the account. */
async function passedFrom(ctx: IdentityContext, username: string, ip: string) {
  await clearRateLimit(ctx.db, sourceFailBucket(username, ip));
  await refundRateLimit(ctx.db, failBucket(username));
  const known = { limit: 1, windowSeconds: LIMITS.knownSourceSeconds, now: ctx.clock() };
  await hitRateLimit(ctx.db, knownSourceBucket(username, ip), known);
}

/**
 * An unknown e-mail gets a challenge indistinguishable from a real one: a UUID username and a salt
 * that are stable for that e-mail (HMAC with an installation secret), and a random B.
 */
function decoyFor(ctx: IdentityContext, login: string) {
  const mac = (label: string) =>
    createHmac('sha256', ctx.keys.decoySecret())
      .update(`${label}:${normalizeEmail(login)}`)
      .digest();
  const hex = mac('username').toString('hex');
  const username = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Number.parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const salt = padHex(BigInt(`0x${mac('salt').subarray(0, 16).toString('hex')}`));
  return { username, salt };
}

const NO_USER = '00000000-0000-0000-0000-000000000000';

export const startSrp = async (ctx: IdentityContext, params: Record<string, unknown>, ip: string) => {
  const login = stringParam(params, 'USERNAME', 256);
  const srpA = stringParam(params, 'SRP_A', 1024);
  let A: bigint;
  try {
    A = fromHex(srpA);
  } catch {
    throw invalidParameter('SRP_A is not valid.');
  }
  if (A % N === 0n) throw invalidParameter('SRP_A is not valid.');
  await limitIp(ctx, ip, 'srp');
  const now = ctx.clock();
  const user = await ctx.store.findByLogin(login);
  const secretBlock = randomBytes(96).toString('base64');
  let username: string;
  let salt: string;
  let B: bigint;
  let b: bigint;
  if (user) {
    username = user.username;
    await refuseIfLocked(ctx, username, ip);
    ({ B, b } = serverChallenge(user.srpVerifier));
    salt = user.srpSalt;
  } else {
    ({ username, salt } = decoyFor(ctx, login));
    await refuseIfLocked(ctx, username, ip);
    B = decoyB();
    b = 0n;
  }
  // A decoy is stored like a real challenge (without a user), so an unknown e-mail costs the same
  // database work as a known one and timing does not tell them apart.
  await ctx.db.insert(authChallenges).values({
    idHash: sha256(secretBlock),
    kind: 'srp',
    userid: user?.userid ?? null,
    state: { A: padHex(A), b: padHex(b), B: padHex(B), username },
    expiresAt: new Date(now.getTime() + LIMITS.srpChallengeSeconds * 1000),
  });
  if (Math.random() < 0.05) await ctx.db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: B.toString(16),
      USERNAME: username,
      USER_ID_FOR_SRP: username,
    },
  };
};

async function passwordVerifier(ctx: IdentityContext, responses: Record<string, unknown>, ip: string) {
  const username = stringParam(responses, 'USERNAME', 256);
  const secretBlock = stringParam(responses, 'PASSWORD_CLAIM_SECRET_BLOCK', 8192);
  const signature = stringParam(responses, 'PASSWORD_CLAIM_SIGNATURE', 128);
  const timestamp = stringParam(responses, 'TIMESTAMP', 64);
  // Format only: the single-use SECRET_BLOCK already prevents replay, and a skewed client clock must not lock people out.
  if (!TIMESTAMP_FORMAT.test(timestamp)) {
    throw invalidParameter('TIMESTAMP format should be EEE MMM d HH:mm:ss z yyyy in english.');
  }
  await limitIp(ctx, ip, 'srp');
  const now = ctx.clock();
  const [row] = await ctx.db
    .delete(authChallenges)
    .where(and(eq(authChallenges.idHash, sha256(secretBlock)), eq(authChallenges.kind, 'srp')))
    .returning();
  const state = row?.state;
  // The same lookup for a decoy row (no user) as for a real one; it finds nobody.
  const user =
    row && state?.username === username && row.expiresAt > now
      ? await ctx.store.findById(row.userid ?? NO_USER)
      : undefined;
  if (!user || !state) {
    // Decoy, replayed or expired: the same work and the same answer as a wrong password.
    modPowN(modPowN(3n, fromHex(sha256(secretBlock))), fromHex(sha256(signature)));
    await countAttempt(ctx, username, ip);
    return failSignIn();
  }
  await countAttempt(ctx, username, ip);
  const expected = expectedSignature({
    A: fromHex(state.A!),
    B: fromHex(state.B!),
    b: fromHex(state.b!),
    verifierHex: user.srpVerifier,
    poolName: ctx.poolName,
    userId: user.username,
    secretBlock,
    timestamp,
  });
  if (!safeEqual(expected, signature)) return failSignIn();
  await passedFrom(ctx, username, ip);
  return afterPassword(ctx, user, now);
}

/** The password was right; what happens next depends on the user's status (only now, so nothing leaks). */
async function afterPassword(ctx: IdentityContext, user: UserRow, now: Date) {
  if (!user.enabled) throw notAuthorized('User is disabled.');
  if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = randomBytes(96).toString('base64url');
    await ctx.db.insert(authChallenges).values({
      idHash: sha256(session),
      kind: 'new_password',
      userid: user.userid,
      state: { username: user.username },
      expiresAt: new Date(now.getTime() + LIMITS.newPasswordSessionSeconds * 1000),
    });
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email: user.email, email_verified: String(user.emailVerified) }),
      },
    };
  }
  return signedIn(ctx, user, now);
}

export async function signedIn(ctx: IdentityContext, user: UserRow, now: Date) {
  const { session, refreshToken } = await ctx.store.createSession(
    user.userid,
    ctx.env.USER_POOL_CLIENT_ID,
    now,
    ctx.env.REFRESH_TOKEN_TTL,
  );
  const tokens = await ctx.tokens.issue(user, session, now);
  return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, RefreshToken: refreshToken } };
}

const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';
const NAME_ATTRIBUTES = { 'userAttributes.given_name': 'firstname', 'userAttributes.family_name': 'lastname' } as const;

/** NEW_PASSWORD_REQUIRED: the session stays valid after a policy error, until it expires or succeeds. */
async function newPassword(ctx: IdentityContext, body: Record<string, unknown>, responses: Record<string, unknown>) {
  const session = typeof body.Session === 'string' ? body.Session : '';
  if (!session || session.length > 4096) throw notAuthorized(SESSION_EXPIRED);
  const now = ctx.clock();
  const id = and(eq(authChallenges.idHash, sha256(session)), eq(authChallenges.kind, 'new_password'));
  const [row] = await ctx.db.select().from(authChallenges).where(id);
  if (!row || row.expiresAt <= now) throw notAuthorized(SESSION_EXPIRED);
  const given = responses.USERNAME;
  if (given !== undefined && given !== row.state.username) throw notAuthorized(SESSION_EXPIRED);
  const password = typeof responses.NEW_PASSWORD === 'string' ? responses.NEW_PASSWORD : '';
  const pending = row.userid ? await ctx.store.findById(row.userid) : undefined;
  // The product's one rule (contracts/password.ts), in its plain words, as Cognito's policy error.
  const problem = passwordProblem(password, pending?.email);
  if (problem) throw new CognitoError('InvalidPasswordException', problem);
  const names: { firstname?: string; lastname?: string } = {};
  for (const [attribute, column] of Object.entries(NAME_ATTRIBUTES)) {
    const value = responses[attribute];
    if (typeof value !== 'string') continue;
    if (hasControlCharacters(value)) throw invalidParameter(`${attribute} must not contain control characters.`);
    const name = value.trim().slice(0, 100);
    if (!isBlank(name)) names[column] = name;
  }
  // Single use: whoever deletes the row goes on.
  const consumed = await ctx.db.delete(authChallenges).where(id).returning();
  const user = consumed.length && row.userid ? await ctx.store.findById(row.userid) : undefined;
  if (!user?.enabled || user.status !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized(SESSION_EXPIRED);
  await ctx.store.setPassword(user.userid, password, now, { status: 'CONFIRMED', ...names });
  const updated = (await ctx.store.findById(user.userid))!;
  return signedIn(ctx, updated, now);
}

export const respondToAuthChallenge: Operation = async (ctx, { body, ip }) => {
  checkClient(ctx, body);
  const name = stringParam(body, 'ChallengeName', 64);
  const responses = objectParam(body, 'ChallengeResponses');
  if (name === 'PASSWORD_VERIFIER') return passwordVerifier(ctx, responses, ip);
  if (name === 'NEW_PASSWORD_REQUIRED') return newPassword(ctx, body, responses);
  throw invalidParameter(`Unsupported challenge: ${name.slice(0, 64)}`);
};
