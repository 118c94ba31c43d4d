import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../middleware/request-log.ts';
import { CognitoError, type Params, stringParam } from './errors.ts';
import type { KeyRing } from './keys.ts';
import type { Store } from './store.ts';
import type { TokenService } from './tokens.ts';

/** What every operation of the Cognito endpoint works with. */
export type IdentityContext = {
  db: Db;
  env: Env;
  clock: Clock;
  log: Logger;
  keys: KeyRing;
  store: Store;
  tokens: TokenService;
  poolName: string;
};

/** One call: the parsed JSON body and the caller's address (per-IP limits). */
export type OperationInput = { body: Params; ip: string };
export type Operation = (ctx: IdentityContext, input: OperationInput) => Promise<Record<string, unknown>>;

/** The limits of the sign-in flow. */
export const LIMITS = {
  /**
   * Failed sign-ins per account (or unknown e-mail) AND source address, before that source is locked
   * out of that account for the rest of the window. Other sources, the owner's among them, are not.
   */
  failedSignIns: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins per account from all sources together (an attack from many addresses). Above it
   * only sources that signed in to the account before (knownSourceSeconds) may keep trying.
   */
  accountFailures: { limit: 50, windowSeconds: 60 * 60 },
  /** How long a source that signed in successfully stays known to the account. */
  knownSourceSeconds: 30 * 24 * 60 * 60,
  /** The window of SIGNIN_LIMIT_PER_MINUTE: SRP calls (InitiateAuth + RespondToAuthChallenge) per IP address. */
  perIpWindowSeconds: 60,
  /** The SRP exchange between InitiateAuth and RespondToAuthChallenge. */
  srpChallengeSeconds: 5 * 60,
  /** NEW_PASSWORD_REQUIRED session (Cognito's default AuthSessionValidity; Amplify's pending state). */
  newPasswordSessionSeconds: 3 * 60,
  /** A rotated refresh token still works this long (two tabs refreshing at once); later reuse revokes the session. */
  refreshReuseGraceSeconds: 10,
};

export function checkClient(ctx: IdentityContext, body: Params): string {
  const clientId = stringParam(body, 'ClientId', 128);
  if (clientId !== ctx.env.USER_POOL_CLIENT_ID) {
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }
  return clientId;
}

export const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
