/**
 * The types every part of the server shares: what the app is built from (AppDeps) and what each area's
 * handlers can read from the request (the Hono envs). Types only: importing this file never imports
 * app.ts, so routes and app.ts do not import each other.
 */
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { Role } from '#contracts/team.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Identity } from './identity/types.ts';
import type { JobEngine } from './jobs/engine.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaStore } from './media/store.ts';
import type { Logger } from './middleware/request-log.ts';

export type AppDeps = {
  db: Db;
  env: Env;
  clock: Clock;
  identity: Identity;
  mailer: Mailer;
  /** The job engine (pg-boss): mail sends and housekeeping (docs/decisions/019-outbox-and-jobs.md). */
  jobs: JobEngine;
  /** Where post images live: the database or S3-compatible storage (server/media). */
  media: MediaStore;
  log: Logger;
  /** The built SPA (Vite's dist/); absent in API-only tests. */
  distDir?: string;
};

/**
 * A signed-in BusinessOwners member, resolved by the guard ONCE per request from the verified token:
 * the token's subject, the business they are a member of (null only for an account made without one)
 * and their role in it (decision 026; 'staff', the least, when they have no business).
 */
export type OwnerPrincipal = {
  userid: string;
  businessid: string | null;
  role: Role;
  /** Their own name and address, read with the session (GET /api/users/me); absent without a users row. */
  account: OwnerAccount | undefined;
  /** GET /api/businesses/me only: the profile, read with the session (decision 029). */
  business?: BusinessProfile;
  /** GET /api/messaging/business/conversations only: the business's messaging version, read with the session. */
  messagingVersion?: number;
};
export type OwnerAccount = { firstname: string | null; lastname: string | null; email: string };

/** A signed-in Customers member (the mobile app's user), from the verified token. */
export type CustomerPrincipal = { userid: string };

/** The three areas of /api, as the guard in middleware/auth.ts tells them apart by path. */
export type Area = 'public' | 'owner' | 'customer';

/** What handlers of each area can read with c.get(...). */
export type AreaEnv = {
  public: { Variables: Record<never, never> };
  owner: { Variables: { owner: OwnerPrincipal } };
  customer: { Variables: { customer: CustomerPrincipal } };
};
export type PublicEnv = AreaEnv['public'];
export type OwnerEnv = AreaEnv['owner'];
export type CustomerEnv = AreaEnv['customer'];

/** The /api app as a whole: at most one of the principals is set, by the guard. */
export type AppEnv = { Variables: Partial<OwnerEnv['Variables'] & CustomerEnv['Variables']> };
