import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Env } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/crypto.ts';
import type { KeyRing } from './keys.ts';
import type { Store, UserRow } from './store.ts';
import { type AccessClaims, InvalidTokenError, type SessionLookup, type SessionState } from './types.ts';
import { verifiedTokens } from './verified-tokens.ts';

export const SCOPE = 'aws.cognito.signin.user.admin';

/**
 * The issuer of locally signed tokens. It must not depend on the host the browser used (a token
 * issued via localhost must verify when the API is reached via 127.0.0.1 or a LAN name), so it is a
 * fixed URN derived from the pool id, unless TOKEN_ISSUER names one (and JWKS_URL is unset: with
 * JWKS_URL, TOKEN_ISSUER is the real Cognito pool's issuer).
 */
export const localIssuer = (env: Env): string =>
  !env.JWKS_URL && env.TOKEN_ISSUER ? env.TOKEN_ISSUER : `urn:local-cognito:${env.USER_POOL_ID}`;

type Session = { id: string; authTime: Date; expiresAt: Date };

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(deps: { env: Env; clock: Clock; keys: KeyRing; store: Store }) {
  const { env, clock, keys, store } = deps;
  const issuer = localIssuer(env);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  const sign = (payload: JWTPayload, iat: number, exp: number) => {
    const signer = keys.signer();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: signer.kid })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(signer.privateKey);
  };

  /** Access + ID token for a session; sub, username, origin_jti and auth_time stay those of the sign-in. */
  async function issue(user: UserRow, session: Session, now: Date) {
    const groups = await store.groupsOf(user.userid);
    const iat = seconds(now);
    // Never outlive the session (a revocation check would refuse them anyway).
    const cap = Math.max(iat + 1, seconds(session.expiresAt));
    const accessExp = Math.min(iat + env.ACCESS_TOKEN_TTL, cap);
    const idExp = Math.min(iat + env.ID_TOKEN_TTL, cap);
    const common = {
      sub: user.userid,
      ...(groups.length > 0 ? { 'cognito:groups': groups } : {}),
      iss: issuer,
      origin_jti: session.id,
      event_id: newId(),
      auth_time: seconds(session.authTime),
    };
    const AccessToken = await sign(
      {
        ...common,
        client_id: env.USER_POOL_CLIENT_ID,
        token_use: 'access',
        scope: SCOPE,
        jti: newId(),
        username: user.username,
      },
      iat,
      accessExp,
    );
    const IdToken = await sign(
      {
        ...common,
        email_verified: user.emailVerified,
        'cognito:username': user.username,
        aud: env.USER_POOL_CLIENT_ID,
        token_use: 'id',
        jti: newId(),
        email: user.email,
        ...(user.firstname ? { given_name: user.firstname } : {}),
        ...(user.lastname ? { family_name: user.lastname } : {}),
      },
      iat,
      idExp,
    );
    return { AccessToken, IdToken, ExpiresIn: accessExp - iat, TokenType: 'Bearer' as const };
  }

  const remoteKeys = env.JWKS_URL ? createRemoteJWKSet(new URL(env.JWKS_URL)) : undefined;
  const remoteIssuer = env.TOKEN_ISSUER ?? env.JWKS_URL?.replace(/\/\.well-known\/jwks\.json$/, '');

  // Tokens already verified, by hash, until their expiry: only what the token proves (verified-tokens.ts).
  const verified = verifiedTokens<AccessClaims>();

  /** Signature (RS256 only: alg none / HS256 refused; a known kid), issuer, expiry, token_use, client_id. */
  async function verifyToken(token: string): Promise<AccessClaims> {
    const known = verified.get(token, clock());
    if (known) return known;
    let payload: JWTPayload;
    try {
      const result = remoteKeys
        ? await jwtVerify(token, remoteKeys, { algorithms: ['RS256'], issuer: remoteIssuer, currentDate: clock() })
        : await jwtVerify(
            token,
            async (header) => {
              const key = await keys.publicKey(header.kid);
              if (!key) throw new InvalidTokenError('Invalid Access Token');
              return key;
            },
            { algorithms: ['RS256'], issuer, currentDate: clock() },
          );
      payload = result.payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('Access Token has expired');
      throw new InvalidTokenError('Invalid Access Token');
    }
    const groups = payload['cognito:groups'] ?? [];
    if (
      payload.token_use !== 'access' ||
      payload.client_id !== env.USER_POOL_CLIENT_ID ||
      typeof payload.sub !== 'string' ||
      typeof payload.username !== 'string' ||
      typeof payload.exp !== 'number' ||
      !Array.isArray(groups) ||
      !groups.every((group) => typeof group === 'string')
    ) {
      throw new InvalidTokenError('Invalid Access Token');
    }
    const originJti = typeof payload.origin_jti === 'string' ? payload.origin_jti : undefined;
    const claims: AccessClaims = { sub: payload.sub, username: payload.username, groups, originJti, exp: payload.exp };
    // A token with a not-before is verified each time (none of ours or Cognito's has one).
    if (payload.nbf === undefined) verified.remember(token, claims, payload.exp * 1000);
    return claims;
  }

  /**
   * The token (verifyToken, remembered until it expires) and then, for the local pool, the session
   * behind origin_jti, read on EVERY call: revoked, account disabled, expired (decision 002).
   * Messages are Cognito's GetUser wording.
   */
  async function verifyAccess<S extends SessionState = SessionState>(
    token: string,
    lookup: SessionLookup<S> = storedSession as SessionLookup<S>,
  ): Promise<AccessClaims & { session?: S }> {
    const claims = await verifyToken(token);
    let session: S | undefined;
    if (!remoteKeys) {
      if (!claims.originJti) throw new InvalidTokenError('Invalid Access Token');
      session = await lookup(claims.originJti);
      if (!session || session.userid !== claims.sub) throw new InvalidTokenError('Invalid Access Token');
      if (session.revoked || !session.enabled) throw new InvalidTokenError('Access Token has been revoked');
      if (session.expiresAt <= clock()) throw new InvalidTokenError('Access Token has expired');
    }
    return { ...claims, session };
  }

  async function storedSession(id: string): Promise<SessionState | undefined> {
    const found = await store.findSession(id);
    return (
      found && {
        userid: found.session.userid,
        revoked: found.session.revokedAt !== null,
        expiresAt: found.session.expiresAt,
        enabled: found.enabled,
      }
    );
  }

  return { issuer, issue, verifyAccess };
}
