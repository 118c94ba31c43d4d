import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';

/**
 * What a new business starts with, wherever it is created (registration, the demo seed, the users CLI,
 * tests): the Free plan and the server's time zone.
 */

/** The server's own zone, the default for new businesses (owners can change it in the profile). */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export async function freePlan(db: Db) {
  const [plan] = await db.select().from(packages).where(eq(packages.name, 'Free'));
  if (!plan) throw new Error('The Free plan is missing; seedCatalogue must run first.');
  return plan;
}
