import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, teamInvitations } from '../../db/schema.ts';

/** An invitation that can still be accepted: neither accepted nor revoked, and not expired. */
export const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

/**
 * The business row, locked for the rest of the transaction: every check-then-write of the team (the
 * pending limit, the last owner) runs under it, so two at once are decided one after the other.
 */
export async function lockTeam(tx: Db, businessid: string) {
  const [row] = await tx
    .select({ businessname: businesses.businessname })
    .from(businesses)
    .where(eq(businesses.businessid, businessid))
    .for('update');
  return row;
}

/** The first name of a user, as "by {name}" shows it: a correlated subquery for a select list. */
export const firstNameOf = (userid: unknown) =>
  sql<string | null>`(select nullif(trim(u.firstname), '') from users u where u.userid = ${userid})`;
