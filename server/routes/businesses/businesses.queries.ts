/**
 * How a business comes to be, wherever it is created: registration, the users CLI, the demo seed,
 * tests and benchmarks (scripts/ and server/seed/ may import `*.queries.ts` files, never a routes file).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessMembers, packages } from '../../db/schema.ts';
import { serverTimeZone } from '../../lib/business-time.ts';
import { newId } from '../../lib/crypto.ts';

export type PlanName = 'Free' | 'Starter' | 'Pro';

/** A plan of the catalogue by name (seedCatalogue makes them on every start). */
export async function planNamed(db: Db, name: PlanName) {
  const [plan] = await db.select().from(packages).where(eq(packages.name, name));
  if (!plan) throw new Error(`The ${name} plan is missing; seedCatalogue must run first.`);
  return plan;
}

export type NewBusiness = {
  ownerUserid: string;
  businessname: string;
  createdAt: Date;
  /** Default Free, at the plan's list price: what every registration starts with. */
  plan?: PlanName;
  /** Default the server's zone (owners change it in the profile). */
  timezone?: string;
  profile?: { description?: string; address?: string; latitude?: number; longitude?: number };
};

/**
 * The owner's business row, on its plan at the plan's price, and the owner as its first member (role
 * owner, decision 026); answers its id. Run it in the owner's transaction.
 */
export async function createBusiness(db: Db, input: NewBusiness): Promise<string> {
  const plan = await planNamed(db, input.plan ?? 'Free');
  const businessid = newId();
  await db.insert(businesses).values({
    businessid,
    ownerUserid: input.ownerUserid,
    businessname: input.businessname,
    ...input.profile,
    timezone: input.timezone ?? serverTimeZone(),
    packageid: plan.packageid,
    negotiatedMonthlyPrice: plan.monthlyPrice,
    createdAt: input.createdAt,
  });
  await db
    .insert(businessMembers)
    .values({ userid: input.ownerUserid, businessid, role: 'owner', joinedAt: input.createdAt });
  return businessid;
}
