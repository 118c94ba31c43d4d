import type { Context, MiddlewareHandler } from 'hono';
import { isUuid } from '#contracts/common.ts';
import { hasRole, type Role, TEAM_TEXTS } from '#contracts/team.ts';
import type { Db } from '../db/client.ts';
import { preparedRead } from '../db/hot-path.ts';
import type { Env } from '../env.ts';
import { GROUPS, type Identity, InvalidTokenError, type SessionLookup, type SessionState } from '../identity/types.ts';
import { allOperations } from '../openapi/operations.ts';
import type { AppEnv, Area, OwnerAccount, OwnerPrincipal } from '../types.ts';
import { leastRoleOf } from './roles.ts';

/** Paths anyone may call: registration, e-mail verification, password reset. */
export const PUBLIC_PREFIXES = ['/api/public/', '/api/password-reset/'];
/** Single public paths: the description of the API (server/openapi/). */
export const PUBLIC_PATHS = ['/api/openapi.json'];
/** The customer API (the mobile app's); every other /api path is the owners'. */
export const CUSTOMER_PREFIX = '/api/customer/';

/**
 * Which area a request belongs to. Anything that is neither public nor customer is an owner route,
 * so a route added anywhere else is guarded for owners without anyone remembering to.
 */
export function areaOf(path: string): Area {
  if (PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)) || PUBLIC_PATHS.includes(path)) return 'public';
  if (path.startsWith(CUSTOMER_PREFIX) || path === CUSTOMER_PREFIX.slice(0, -1)) return 'customer';
  return 'owner';
}

export const DENIED = {
  owner: 'Access Denied. You do not have permission to access the Business Portal.',
  customer: 'Access Denied. This part of the API is for customers of the app.',
};

type SessionRow = { userid: string; revoked: boolean; expires_ms: number; enabled: boolean };
const sessionState = <R extends SessionRow>({ expires_ms, ...row }: R) => ({ ...row, expiresAt: new Date(expires_ms) });

// The session behind a token (for the identity's revocation check) and, for an owner, their business
// and role in it (the team, decision 026) and their own name and address (GET /api/users/me answers from
// them): one prepared statement per request, the users row is joined anyway. Times as epoch
// milliseconds: both drivers return float8 as a number.
const SESSION = `select s.userid, s.revoked_at is not null as revoked,
  (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms, u.enabled`;
const CUSTOMER_SESSION = `${SESSION}
  from auth_sessions s join users u on u.userid = s.userid where s.id = $1`;
const OWNER_COLUMNS = `${SESSION}, m.businessid, m.role, u.firstname, u.lastname, u.email`;
const OWNER_FROM = `from auth_sessions s join users u on u.userid = s.userid
  left join business_members m on m.userid = s.userid`;
const OWNER_SESSION = `${OWNER_COLUMNS} ${OWNER_FROM} where s.id = $1`;
type Membership = { businessid: string | null; role: Role | null } & OwnerAccount;

/**
 * Hot reads that answer from the guard's one statement, so they make one round trip as their floors do
 * (decision 029): the session statement of such a request also reads what the route needs, from a row
 * keyed by the member's business (a primary key). Only these exact GETs; every other request runs the
 * plain statement. The route falls back to its own statement when the column set is absent (a real
 * Cognito pool has no local session to read it with).
 */
const RIDERS = {
  'GET /api/businesses/me': {
    name: 'guard_owner_session_business',
    text: `${OWNER_COLUMNS}, b.businessid as profile_businessid, b.businessname, b.description, b.address,
      b.latitude, b.longitude, b.logourl, b.timezone
      ${OWNER_FROM} left join businesses b on b.businessid = m.businessid where s.id = $1`,
  },
  'GET /api/messaging/business/conversations': {
    name: 'guard_owner_session_messaging',
    text: `${OWNER_COLUMNS}, coalesce(v.version, 0) as messaging_version
      ${OWNER_FROM} left join messaging_versions v on v.businessid = m.businessid where s.id = $1`,
  },
} as const;
type Riders = {
  profile_businessid?: string | null;
  businessname?: string;
  description?: string | null;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  logourl?: string | null;
  timezone?: string;
  messaging_version?: number;
};
/** What rode along with the session, in the shape the routes answer. */
const riding = (row: Riders): Pick<OwnerPrincipal, 'business' | 'messagingVersion'> => ({
  ...(row.profile_businessid
    ? {
        business: {
          businessid: row.profile_businessid,
          businessname: row.businessname!,
          description: row.description ?? null,
          address: row.address ?? null,
          latitude: row.latitude ?? null,
          longitude: row.longitude ?? null,
          logourl: row.logourl ?? null,
          timezone: row.timezone!,
        },
      }
    : {}),
  ...(row.messaging_version !== undefined ? { messagingVersion: Number(row.messaging_version) } : {}),
});

/**
 * The one guard of /api. Public paths pass; every other request needs a valid bearer access token
 * (401 without one or with a bad one) of the area's group (403 otherwise): /api/customer/* wants a
 * Customers member, everything else a BusinessOwners member, whose role in their business's team must
 * meet the operation's least role (its OpenAPI entry, decision 026; 403 otherwise). It resolves the
 * caller (business and role included) ONCE per request
 * (c.get('owner') or c.get('customer')), which is all the scoping helpers in lib/scope.ts read. The
 * identity verifies the token and applies the session rules; the guard supplies the session lookup so
 * the caller's business comes back in the same query.
 */
export function guard({
  db,
  identity,
  env,
}: {
  db: Db;
  identity: Identity;
  env: Pick<Env, 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID'>;
}): MiddlewareHandler<AppEnv> {
  const customerSession = preparedRead<SessionRow>(db, 'guard_customer_session', CUSTOMER_SESSION);
  const ownerSession = preparedRead<SessionRow & Membership & Riders>(db, 'guard_owner_session', OWNER_SESSION);
  const riderSessions = new Map(
    Object.entries(RIDERS).map(([key, { name, text }]) => [
      key,
      preparedRead<SessionRow & Membership & Riders>(db, name, text),
    ]),
  );
  // With JWKS_URL (a real Cognito pool) there are no local sessions: the membership is read on its own.
  const membershipOf = preparedRead<Membership>(
    db,
    'guard_membership_of_owner',
    `select m.businessid, m.role, u.firstname, u.lastname, u.email
      from users u left join business_members m on m.userid = u.userid where u.userid = $1`,
  );
  // The least role of each owner operation, from its OpenAPI entry: built once.
  const leastRole = leastRoleOf(allOperations(env));
  // Ids come from verified tokens; one that is not a UUID finds nothing rather than a database error.
  const lookups = {
    customer: async (id: string) => (isUuid(id) ? (await customerSession(id)).map(sessionState)[0] : undefined),
    owner: (statement: typeof ownerSession) => async (id: string) =>
      isUuid(id) ? (await statement(id)).map(sessionState)[0] : undefined,
  };
  const ownerLookups = new Map([...riderSessions].map(([key, statement]) => [key, lookups.owner(statement)]));
  const plainOwner = lookups.owner(ownerSession);

  return async (c, next) => {
    const area = areaOf(c.req.path);
    if (area === 'public') return next();
    const token = bearer(c);
    if (!token) return c.json({ message: 'Sign in to continue.' }, 401, { 'WWW-Authenticate': 'Bearer' });
    if (area === 'customer') {
      const claims = await verify(identity, token, lookups.customer);
      if (!claims) return expired(c);
      if (!claims.groups.includes(GROUPS.customers)) return c.json({ message: DENIED.customer }, 403);
      c.set('customer', { userid: claims.sub });
      return next();
    }
    const claims = await verify(identity, token, ownerLookups.get(`${c.req.method} ${c.req.path}`) ?? plainOwner);
    if (!claims) return expired(c);
    if (!claims.groups.includes(GROUPS.owners)) return c.json({ message: DENIED.owner }, 403);
    const membership: (Membership & Riders) | undefined = claims.session
      ? claims.session
      : isUuid(claims.sub)
        ? (await membershipOf(claims.sub))[0]
        : undefined;
    const businessid = membership?.businessid ?? null;
    // An account without a business can reach no business's data (businessScope answers 404), so its
    // role does not narrow anything: it is treated as the owner of nothing.
    const role: Role = membership?.role ?? 'owner';
    const least = leastRole(c.req.method, c.req.path);
    if (least && !hasRole(role, least)) return c.json({ message: TEAM_TEXTS.forbidden }, 403);
    const account = membership && {
      firstname: membership.firstname,
      lastname: membership.lastname,
      email: membership.email,
    };
    c.set('owner', { userid: claims.sub, businessid, role, account, ...(membership ? riding(membership) : {}) });
    return next();
  };
}

const bearer = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];

const expired = (c: Context) =>
  c.json({ message: 'Your session has expired. Please sign in again.' }, 401, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });

/** The verified claims, or undefined for a token the identity refuses (any InvalidTokenError). */
async function verify<S extends SessionState>(identity: Identity, token: string, lookup: SessionLookup<S>) {
  try {
    return await identity.verifyAccessToken(token, lookup);
  } catch (error) {
    if (error instanceof InvalidTokenError) return undefined;
    throw error;
  }
}
