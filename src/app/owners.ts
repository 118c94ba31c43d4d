/**
 * Who may use the portal (spec §2), and the GETs a signed-in page load starts with, which the boot entry
 * sends early from the stored token (boot.ts, src/api/early.ts; decision 031). Each address must be
 * exactly what the app asks for first (path and query, in order): one that is not is asked for twice
 * (tests/e2e/bundle-budget.test.ts loads every page and fails on a GET sent twice).
 */
export const OWNERS_GROUP = 'BusinessOwners';

/** What the session fetches for a signed-in owner (session.ts), and the shell's first conversations poll. */
export const SESSION_GETS = [
  '/api/users/me',
  '/api/businesses/me',
  '/api/messaging/business/conversations?status=active',
] as const;

/** Per page (src/app/pages.ts), the GETs its first render makes whose address does not depend on the data. */
export const PAGE_GETS: Readonly<Record<string, readonly string[]>> = {
  '/': [
    '/api/businesses/me/checklist',
    '/api/businesses/me/user-stats',
    '/api/businesses/me/voucher-stats',
    '/api/businesses/me/posts',
  ],
  '/vouchers': ['/api/businesses/me/vouchers?status=active'],
  '/bookings/calendar': ['/api/booking-resources'],
  '/bookings/setup': ['/api/booking-resources', '/api/booking-closures', '/api/businesses/me/booking-settings'],
  '/customers': ['/api/businesses/me/followers?page=1'],
  '/package': ['/api/packages/active'],
  '/team': ['/api/businesses/me/team'],
};
