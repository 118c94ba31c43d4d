import type { Hono } from 'hono';
import type { Db } from '../db/client.ts';

export const GROUPS = { owners: 'BusinessOwners', customers: 'Customers' } as const;
export type UserStatus = 'CONFIRMED' | 'UNCONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';

/** What the product API needs to know about a verified access token. */
export type AccessClaims = {
  sub: string;
  username: string;
  groups: string[];
  originJti: string | undefined;
  exp: number;
};

export type NewUser = {
  email: string;
  password: string;
  firstname?: string | null;
  lastname?: string | null;
  groups: string[];
  status: UserStatus;
  emailVerified?: boolean;
};

export type CreatedUser = { userid: string; username: string; email: string };

/** What the session check of verifyAccessToken needs about the session behind a token's origin_jti. */
export type SessionState = { userid: string; revoked: boolean; expiresAt: Date; enabled: boolean };

/**
 * Fetches a SessionState for verifyAccessToken. A caller may pass its own, to read what else it needs
 * about the caller in the same query (the API's guard does); the identity still applies every rule.
 */
export type SessionLookup<S extends SessionState> = (sessionId: string) => Promise<S | undefined>;

/** Thrown by verifyAccessToken; the message is safe to return (401). */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/**
 * The local Cognito-compatible identity provider, and the operations the product API performs on
 * identities (registration, verification, password reset).
 */
export type Identity = {
  /** Cognito JSON protocol endpoint (dispatch on X-Amz-Target), mounted at /cognito. */
  routes: Hono;
  /** GET <issuer>/.well-known/jwks.json is served by `routes` too; this returns the document. */
  jwks: () => Promise<{ keys: Record<string, unknown>[] }>;
  /**
   * Verifies signature (RS256, known kid), issuer, expiry, token_use=access, client_id, and revocation.
   * `session` is what the lookup returned (absent with JWKS_URL: a real pool's sessions are not local).
   */
  verifyAccessToken: <S extends SessionState = SessionState>(
    token: string,
    lookup?: SessionLookup<S>,
  ) => Promise<AccessClaims & { session?: S }>;
  /** Pass a transaction to create the user together with other rows (registration). */
  createUser: (user: NewUser, tx?: Db) => Promise<CreatedUser>;
  findUserByEmail: (email: string) => Promise<{ userid: string; status: UserStatus; email: string } | undefined>;
  /** New salt + verifier; status becomes CONFIRMED; every session of the user is revoked. */
  setPassword: (userid: string, password: string) => Promise<void>;
  /** UNCONFIRMED → CONFIRMED and email_verified = true. */
  confirmUser: (userid: string) => Promise<void>;
  revokeAllSessions: (userid: string) => Promise<void>;
};
