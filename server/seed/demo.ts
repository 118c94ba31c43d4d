/**
 * The demo business a newcomer signs in to (README "Run it" describes what it shows). The owner and the
 * business are made as every owner and business are (identity.createUser, createBusiness); everything
 * after them goes through the product's APIs in-process under a moved clock (./demo-app.ts), never an
 * insert. tests/server/demo-fixtures.test.ts holds the seed to what the README and the QA plans promise.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, users } from '../db/schema.ts';
import { DEFAULT_DEMO_PASSWORD, type Env } from '../env.ts';
import { poolNameOf, verifierMatches } from '../identity/srp.ts';
import { GROUPS, type Identity } from '../identity/types.ts';
import type { Clock } from '../lib/clock.ts';
import { createBusiness } from '../routes/businesses/businesses.queries.ts';
import type { AppDeps } from '../types.ts';
import { seedDemoBookings } from './bookings.ts';
import { seedDemoConversations } from './conversations.ts';
import { demoApp, demoCustomer } from './demo-app.ts';
import { DEMO_FOLLOWERS, seedDemoFollowers } from './followers.ts';
import { seedDemoPosts } from './posts.ts';
import { seedDemoTeam } from './team.ts';
import { seedDemoVouchers } from './vouchers.ts';

/**
 * The demo business a newcomer signs in to. Created once: if the demo owner exists, nothing changes
 * (so a password changed through the UI survives restarts).
 */
export async function seedDemo(deps: { db: Db; env: Env; identity: Identity; clock: Clock }): Promise<boolean> {
  const { db, env, identity, clock } = deps;
  if (await identity.findUserByEmail(env.DEMO_EMAIL)) return false;
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
    await createBusiness(tx, {
      ownerUserid: owner.userid,
      businessname: 'Harbour Lane Coffee',
      plan: 'Starter',
      createdAt: clock(),
      profile: {
        description: 'Small-batch coffee, fresh pastries and a quiet corner to work from, right by the harbour.',
        address: '12 Harbour Lane, Portsmouth PO1 3AA',
        latitude: 50.797788,
        longitude: -1.108422,
      },
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
 * What the demo business shows on its first start: a manager and a staff member (invited and accepted
 * through the team API), followers who came through the customer API, three
 * posts with pictures from the last days, vouchers its followers claimed (some redeemed, one archived),
 * conversations with some of those customers, and bookable resources with a fortnight of bookings,
 * each made through the API at its moment. Runs once, right after the demo owner is created.
 */
export async function seedDemoContent(deps: AppDeps, demoEmail: string): Promise<void> {
  const [owner] = await deps.db
    .select({ businessid: businesses.businessid, timezone: businesses.timezone })
    .from(users)
    .innerJoin(businesses, eq(businesses.ownerUserid, users.userid))
    .where(sql`lower(${users.email}) = ${demoEmail.toLowerCase()}`);
  if (!owner) return;
  const now = deps.clock();
  const followers = await seedDemoFollowers(deps, owner.businessid);
  const app = await demoApp(deps, { email: demoEmail, password: deps.env.DEMO_PASSWORD });
  await seedDemoTeam(deps, app);
  await seedDemoPosts(app, owner.businessid, now);
  await seedDemoVouchers(app, owner, now, followers > 0);
  if (followers > 0) await seedDemoConversations(app, owner.businessid, now);
  // Booked for the 20 newest followers (the calendar shows their names), or for guests without any.
  const customers = followers
    ? Array.from({ length: 20 }, (_, i) => demoCustomer(DEMO_FOLLOWERS - 1 - i).email)
    : Array.from({ length: 5 }, (_, i) => `guest${i + 1}@guests.example`);
  await seedDemoBookings(app, owner, now, customers);
}
