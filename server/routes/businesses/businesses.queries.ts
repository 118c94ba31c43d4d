/**
 * How a business comes to be, wherever it is created: registration, the users CLI, the demo seed,
 * tests and benchmarks (scripts/ and server/seed/ may import `*.queries.ts` files, never a routes file).
 */
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { CHECKLIST_STEPS, type Checklist, type ChecklistStepId } from '#contracts/businesses.ts';
import type { Db } from '../../db/client.ts';
import { availabilityRules, businesses, businessMembers, packages, posts, vouchers } from '../../db/schema.ts';
import { serverTimeZone } from '../../lib/business-time.ts';
import { newId } from '../../lib/crypto.ts';
import { notFound } from '../../lib/ids.ts';
import { byBusiness } from '../../lib/scope.ts';

export type PlanName = 'Free' | 'Starter' | 'Pro';

/** The columns of the spec's business profile, and nothing else (no plan, no price, no owner id). */
export const businessProfile = {
  businessid: businesses.businessid,
  businessname: businesses.businessname,
  description: businesses.description,
  address: businesses.address,
  latitude: businesses.latitude,
  longitude: businesses.longitude,
  logourl: businesses.logourl,
  timezone: businesses.timezone,
};

/** GET /api/businesses/me's one statement, prepared as `name`: execute with `{ businessid }` (and bench:api's floor). */
export const businessProfileOf = (db: Db, name: string) =>
  db.select(businessProfile).from(businesses).where(byBusiness(businesses)).prepare(name);

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

/**
 * The getting-started checklist of one business (issue 26): each step is read from the data that proves
 * it (a deleted post or an archived voucher still counts: the owner did it), the QR step and the
 * dismissal from the business row. A business that does not exist is 404.
 */
export async function checklistOf(db: Db, businessid: string): Promise<Checklist> {
  // The id as a parameter, never a column of the outer row: inside a subquery drizzle writes a column
  // unqualified, and `businessid = businessid` would be true for every business's rows.
  const exists = (table: AnyPgTable, column: AnyPgColumn) =>
    sql<boolean>`exists (select 1 from ${table} where ${column} = ${businessid})`;
  const [row] = await db
    .select({
      address: businesses.address,
      latitude: businesses.latitude,
      longitude: businesses.longitude,
      qrSharedAt: businesses.qrSharedAt,
      dismissedAt: businesses.checklistDismissedAt,
      post: exists(posts, posts.businessid),
      voucher: exists(vouchers, vouchers.businessid),
      resource: exists(availabilityRules, availabilityRules.businessid),
    })
    .from(businesses)
    .where(eq(businesses.businessid, businessid));
  if (!row) throw notFound('ownBusiness');
  const done: Record<ChecklistStepId, boolean> = {
    location: !!row.address?.trim() && row.latitude !== null && row.longitude !== null,
    qr: row.qrSharedAt !== null,
    post: row.post,
    voucher: row.voucher,
    resource: row.resource,
  };
  return { steps: CHECKLIST_STEPS.map((id) => ({ id, done: done[id] })), dismissed: row.dismissedAt !== null };
}
