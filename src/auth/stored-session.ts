/**
 * The session Amplify left in localStorage, read without loading Amplify: on a signed-in page load the
 * session check and the first API calls need nothing more than the stored access token while it is
 * valid, and Amplify's `fetchAuthSession` would return exactly that token from exactly these keys (it only
 * calls the network to refresh an expired one). Reading them here lets the profile requests start right
 * after the entry instead of after the Amplify chunk (docs/decisions/015-initial-bundle.md).
 *
 * Mirrors Amplify v6's TokenStore/TokenOrchestrator: keys `CognitoIdentityServiceProvider.<clientId>.
 * LastAuthUser` and `….<clientId>.<user>.{accessToken,idToken,clockDrift}`; the tokens are valid while
 * `now + clockDrift + tolerance <= exp` for both. Our tolerance is a minute (Amplify's is 5 s), so a token
 * this hands out does not expire on the way; anything else (no keys, expired, unreadable) is `undefined`
 * and the caller asks Amplify, which refreshes. Never log what this returns.
 */

export const STORAGE_PREFIX = 'CognitoIdentityServiceProvider';

/** A token closer than this to its expiry is left to Amplify (which refreshes it). */
const TOLERANCE_MS = 60_000;

export interface StoredSession {
  /** The access token, for `Authorization: Bearer`. */
  accessToken: string;
  /** Its `cognito:groups` claim (absent means none, as real Cognito omits it). */
  groups: string[];
}

/** A JWT's payload, or undefined when it is not one. The signature is the API's business, not ours. */
function payloadOf(jwt: string): Record<string, unknown> | undefined {
  const part = jwt.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const validUntil = (payload: Record<string, unknown> | undefined, now: number) =>
  typeof payload?.exp === 'number' && payload.exp * 1000 >= now + TOLERANCE_MS;

/** The stored session of this app's user pool client when its tokens are valid for another minute. */
export function storedSession(clientId: string, storage: Storage = localStorage): StoredSession | undefined {
  try {
    const client = `${STORAGE_PREFIX}.${clientId}`;
    const user = storage.getItem(`${client}.LastAuthUser`);
    if (!user) return undefined;
    const keys = `${client}.${user}`;
    const accessToken = storage.getItem(`${keys}.accessToken`);
    if (!accessToken) return undefined;
    const drift = Number.parseInt(storage.getItem(`${keys}.clockDrift`) ?? '0', 10);
    const now = Date.now() + (Number.isFinite(drift) ? drift : 0);
    const access = payloadOf(accessToken);
    if (!validUntil(access, now)) return undefined;
    const idToken = storage.getItem(`${keys}.idToken`);
    if (idToken && !validUntil(payloadOf(idToken), now)) return undefined;
    const claim = access?.['cognito:groups'];
    const groups = Array.isArray(claim) ? claim.filter((g): g is string => typeof g === 'string') : [];
    return { accessToken, groups };
  } catch {
    return undefined; // storage unreadable: Amplify decides
  }
}
