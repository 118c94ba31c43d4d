/** Who may use the portal (spec §2), and the session's profile GETs; shared by the boot entry and the session. */
export const OWNERS_GROUP = 'BusinessOwners';

/** What the session fetches for a signed-in owner (session.ts), and the boot entry sends early (boot.ts). */
export const PROFILE_PATHS = ['/api/users/me', '/api/businesses/me'] as const;
