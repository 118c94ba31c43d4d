import { checkClient, type IdentityContext, LIMITS, type Operation } from './context.ts';
import { CognitoError, invalidParameter, notAuthorized, objectParam, stringParam } from './errors.ts';
import { startSrp } from './signin.ts';
import { InvalidTokenError } from './types.ts';

/** Refresh (both flavours), GetUser, GlobalSignOut, RevokeToken (protocol §2.4–2.7). */

/**
 * New access + ID tokens for a refresh token. `rotate` (GetTokensFromRefreshToken) also returns a
 * new refresh token and marks the old one replaced; a replaced token used again after a short grace
 * is taken as stolen and ends the whole session. REFRESH_TOKEN_AUTH clients ignore a returned
 * refresh token, so that path never rotates.
 */
async function refresh(ctx: IdentityContext, token: string, clientId: string, rotate: boolean) {
  const now = ctx.clock();
  const found = await ctx.store.findRefreshToken(token);
  if (!found || found.session.clientId !== clientId) throw notAuthorized('Invalid Refresh Token');
  const { session, token: stored } = found;
  if (session.revokedAt) throw notAuthorized('Refresh Token has been revoked');
  if (stored.expiresAt <= now || session.expiresAt <= now) throw notAuthorized('Refresh Token has expired');
  if (stored.replacedAt && now.getTime() - stored.replacedAt.getTime() > LIMITS.refreshReuseGraceSeconds * 1000) {
    await ctx.store.revokeSession(session.id, now);
    ctx.log.info(`identity: refresh token reuse detected; session of user ${session.userid} revoked`);
    throw notAuthorized('Refresh Token has been revoked');
  }
  const user = await ctx.store.findById(session.userid);
  if (!user) throw notAuthorized('Invalid Refresh Token');
  if (!user.enabled) throw notAuthorized('User is disabled.');
  const tokens = await ctx.tokens.issue(user, session, now);
  if (!rotate) return { ChallengeParameters: {}, AuthenticationResult: tokens };
  const next = await ctx.store.rotateRefreshToken(token, session.id, stored.expiresAt, now);
  return { AuthenticationResult: { ...tokens, RefreshToken: next } };
}

export const initiateAuth: Operation = async (ctx, { body, ip }) => {
  const clientId = checkClient(ctx, body);
  const flow = stringParam(body, 'AuthFlow', 64);
  const params = objectParam(body, 'AuthParameters');
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startSrp(ctx, params, ip);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refresh(ctx, stringParam(params, 'REFRESH_TOKEN', 4096), clientId, false);
    default:
      throw invalidParameter(`${flow.slice(0, 64)} flow not enabled for this client`);
  }
};

export const getTokensFromRefreshToken: Operation = async (ctx, { body }) => {
  const clientId = checkClient(ctx, body);
  return refresh(ctx, stringParam(body, 'RefreshToken', 4096), clientId, true);
};

async function accessTokenUser(ctx: IdentityContext, body: Record<string, unknown>) {
  const token = stringParam(body, 'AccessToken', 8192);
  try {
    return await ctx.tokens.verifyAccess(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw notAuthorized(error.message);
    throw error;
  }
}

export const getUser: Operation = async (ctx, { body }) => {
  const claims = await accessTokenUser(ctx, body);
  const user = await ctx.store.findById(claims.sub);
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  const attributes: [string, string | null][] = [
    ['sub', user.userid],
    ['email', user.email],
    ['email_verified', String(user.emailVerified)],
    ['given_name', user.firstname],
    ['family_name', user.lastname],
  ];
  return {
    Username: user.username,
    UserAttributes: attributes.filter(([, value]) => value !== null).map(([Name, Value]) => ({ Name, Value })),
  };
};

export const globalSignOut: Operation = async (ctx, { body }) => {
  const claims = await accessTokenUser(ctx, body);
  await ctx.store.revokeAllSessions(claims.sub, ctx.clock());
  return {};
};

/** Revokes the session of a refresh token (and with it every access token of that session). */
export const revokeToken: Operation = async (ctx, { body }) => {
  const clientId = checkClient(ctx, body);
  const token = stringParam(body, 'Token', 4096);
  const found = await ctx.store.findRefreshToken(token);
  if (found && found.session.clientId === clientId) await ctx.store.revokeSession(found.session.id, ctx.clock());
  return {};
};
