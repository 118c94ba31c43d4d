import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { clearRateLimits } from '../lib/rate-limit.ts';
import type { Logger } from '../middleware/request-log.ts';
import { cognitoRoutes } from './cognito.routes.ts';
import type { IdentityContext } from './context.ts';
import { loadKeyRing } from './keys.ts';
import { failBucket } from './signin.ts';
import { poolNameOf } from './srp.ts';
import { createStore } from './store.ts';
import { createTokenService } from './tokens.ts';
import type { Identity, UserStatus } from './types.ts';

/**
 * The local Cognito-compatible identity provider (docs/identity-protocol.md): users, groups, SRP
 * verifiers, sessions and refresh tokens in the database; RS256 keys generated on first start.
 * With JWKS_URL set, verifyAccessToken checks tokens of that real Cognito pool instead.
 */
export async function createIdentity(deps: { db: Db; env: Env; clock: Clock; log: Logger }): Promise<Identity> {
  const { db, env, clock, log } = deps;
  const poolName = poolNameOf(env.USER_POOL_ID);
  const keys = await loadKeyRing(db, clock);
  const store = createStore(db, poolName);
  const tokens = createTokenService({ env, clock, keys, store });
  const ctx: IdentityContext = { db, env, clock, log, keys, store, tokens, poolName };

  return {
    routes: cognitoRoutes(ctx),
    jwks: async () => keys.jwks(),
    verifyAccessToken: (token, lookup) => tokens.verifyAccess(token, lookup),
    createUser: (user, tx) => store.createUser(user, clock(), tx),
    findUserByEmail: async (email) => {
      const user = await store.findByEmail(email);
      return user ? { userid: user.userid, status: user.status as UserStatus, email: user.email } : undefined;
    },
    setPassword: async (userid, password) => {
      // Used by the e-mailed reset link: owning the mailbox also verifies the address, and lifts every sign-in lock.
      await store.setPassword(userid, password, clock(), { status: 'CONFIRMED', emailVerified: true });
      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.userid, userid));
      if (user) await clearRateLimits(db, failBucket(user.username));
    },
    confirmUser: (userid) => store.confirmUser(userid, clock()),
    revokeAllSessions: (userid) => store.revokeAllSessions(userid, clock()),
  };
}
