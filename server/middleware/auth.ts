import type { MiddlewareHandler } from 'hono';
import { type AccessClaims, GROUPS, type Identity, InvalidTokenError } from '../identity/types.ts';

export type AuthVariables = { auth: AccessClaims };

const PUBLIC_PREFIXES = ['/api/public/', '/api/password-reset/'];

/**
 * Every /api route but the public ones needs a valid bearer access token of a BusinessOwners member:
 * 401 without one or with a bad one, 403 for any other group.
 */
export const requireOwner =
  (identity: Identity): MiddlewareHandler<{ Variables: AuthVariables }> =>
  async (c, next) => {
    if (PUBLIC_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return c.json({ message: 'Sign in to continue.' }, 401, { 'WWW-Authenticate': 'Bearer' });
    let claims: AccessClaims;
    try {
      claims = await identity.verifyAccessToken(match[1]!);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return c.json({ message: 'Your session has expired. Please sign in again.' }, 401, {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        });
      }
      throw error;
    }
    if (!claims.groups.includes(GROUPS.owners)) {
      return c.json({ message: 'Access Denied. You do not have permission to access the Business Portal.' }, 403);
    }
    c.set('auth', claims);
    await next();
  };
