import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { businesses, packages, users, voucherTypes } from './db/schema.ts';
import { DEFAULT_DEMO_PASSWORD, type Env } from './env.ts';
import { poolNameOf, verifierMatches } from './identity/srp.ts';
import { GROUPS, type Identity } from './identity/types.ts';
import type { Clock } from './lib/clock.ts';
import { newId } from './lib/crypto.ts';
import { serverTimeZone } from './routes/businesses/defaults.ts';
import { seedDemoBookings } from './seed-demo-bookings.ts';
import { seedDemoConversations } from './seed-demo-conversations.ts';
import { seedDemoFollowers } from './seed-demo-followers.ts';
import { seedDemoPosts } from './seed-demo-posts.ts';
import { seedDemoVouchers } from './seed-demo-vouchers.ts';
import type { AppDeps } from './types.ts';

/** The plans every business can be on. Limits are what the package checks enforce. */
export const PLANS = [
  {
    name: 'Free',
    description: 'For trying things out: a follower list, a weekly post and one bookable resource.',
    monthlyPrice: '0.00',
    annualPrice: '0.00',
    followerLimit: 100,
    postsPerDayLimit: 1,
    bookableResourcesLimit: 1,
    customBrandingEnabled: false,
    supportLevel: 'email',
    sortOrder: 1,
  },
  {
    name: 'Starter',
    description: 'For a growing local business with regulars to keep coming back.',
    monthlyPrice: '19.00',
    annualPrice: '190.00',
    followerLimit: 1000,
    postsPerDayLimit: 3,
    bookableResourcesLimit: 5,
    customBrandingEnabled: false,
    supportLevel: 'email',
    sortOrder: 2,
  },
  {
    name: 'Pro',
    description: 'For busy venues: more reach, more resources, your own branding and priority help.',
    monthlyPrice: '49.00',
    annualPrice: '490.00',
    followerLimit: 10000,
    postsPerDayLimit: 10,
    bookableResourcesLimit: 25,
    customBrandingEnabled: true,
    supportLevel: 'priority',
    sortOrder: 3,
  },
] as const;

export const VOUCHER_TYPES = ['Percentage Discount', 'Fixed Amount', 'Free Item', 'Buy One Get One'] as const;

/** Catalogue rows every installation needs; safe to run on every start. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(packages)
    .values([...PLANS])
    .onConflictDoNothing({ target: packages.name });
  await db
    .insert(voucherTypes)
    .values(VOUCHER_TYPES.map((typename) => ({ typename })))
    .onConflictDoNothing({ target: voucherTypes.typename });
}

/**
 * The demo business a newcomer signs in to. Created once: if the demo owner exists, nothing changes
 * (so a password changed through the UI survives restarts).
 */
export async function seedDemo(deps: { db: Db; env: Env; identity: Identity; clock: Clock }): Promise<boolean> {
  const { db, env, identity, clock } = deps;
  if (await identity.findUserByEmail(env.DEMO_EMAIL)) return false;
  const [pro] = await db.select().from(packages).where(eq(packages.name, 'Starter'));
  await db.transaction(async (tx) => {
    const owner = await identity.createUser(
      {
        email: env.DEMO_EMAIL,
        password: env.DEMO_PASSWORD,
        firstname: 'Maya',
        lastname: 'Lindqvist',
        groups: [GROUPS.owners],
        status: 'CONFIRMED',
        emailVerified: true,
      },
      tx,
    );
    await tx.insert(businesses).values({
      businessid: newId(),
      ownerUserid: owner.userid,
      businessname: 'Harbour Lane Coffee',
      description: 'Small-batch coffee, fresh pastries and a quiet corner to work from, right by the harbour.',
      address: '12 Harbour Lane, Portsmouth PO1 3AA',
      latitude: 50.797788,
      longitude: -1.108422,
      logourl: null,
      timezone: serverTimeZone(),
      packageid: pro!.packageid,
      negotiatedMonthlyPrice: pro!.monthlyPrice,
      billingCycle: 'month',
      createdAt: clock(),
    });
  });
  return true;
}

/**
 * A database seeded during development and then run in production still has the demo owner with the
 * password the README publishes. In production that account must choose a new password: its status
 * becomes RESET_REQUIRED (the right password then leads to the reset, as with Cognito), so nobody
 * signs in with the published one. Returns the e-mail of the account it retired, if any.
 */
export async function retirePublishedDemoPassword(db: Db, env: Env, clock: Clock): Promise<string | undefined> {
  if (env.NODE_ENV !== 'production') return undefined;
  const [demo] = await db.select().from(users).where(sql`lower(${users.email}) = ${env.DEMO_EMAIL.toLowerCase()}`);
  if (!demo || demo.status === 'RESET_REQUIRED') return undefined;
  const published = verifierMatches(poolNameOf(env.USER_POOL_ID), demo.username, DEFAULT_DEMO_PASSWORD, {
    saltHex: demo.srpSalt,
    verifierHex: demo.srpVerifier,
  });
  if (!published) return undefined;
  await db.update(users).set({ status: 'RESET_REQUIRED', updatedAt: clock() }).where(eq(users.userid, demo.userid));
  return demo.email;
}

/**
 * What the demo business shows on its first start: followers who came through the customer API, a
 * few posts with pictures, vouchers its followers claimed (some redeemed, one archived),
 * conversations with some of those customers, and bookable resources with a fortnight of bookings.
 * Runs once, right after the demo owner is created.
 */
export async function seedDemoContent(deps: AppDeps, demoEmail: string): Promise<void> {
  const [owner] = await deps.db
    .select({ userid: users.userid, businessid: businesses.businessid, timezone: businesses.timezone })
    .from(users)
    .innerJoin(businesses, eq(businesses.ownerUserid, users.userid))
    .where(sql`lower(${users.email}) = ${demoEmail.toLowerCase()}`);
  if (!owner) return;
  const followers = await seedDemoFollowers(deps, owner.businessid);
  await seedDemoPosts(deps, owner);
  await seedDemoVouchers(deps, owner, followers > 0);
  await seedDemoConversations(deps, {
    email: demoEmail,
    password: deps.env.DEMO_PASSWORD,
    businessid: owner.businessid,
  });
  await seedDemoBookings(deps, owner.businessid);
}
