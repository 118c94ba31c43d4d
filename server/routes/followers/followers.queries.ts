/**
 * The followers area's reads, shared by its routes and the benchmarks (scripts/ may import `*.queries.ts`
 * files, never a routes file): a page of followers with their count, and every follower in batches.
 */
import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FOLLOWER_HISTORY_MAX, type FollowerHistory } from '#contracts/followers.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingCustomers,
  bookingResources,
  bookings,
  conversations,
  followers,
  issuedVouchers,
  users,
  vouchers,
} from '../../db/schema.ts';
import { byBusiness } from '../../lib/scope.ts';

/** Rows read per query while the CSV streams: memory stays flat however many followers there are. */
export const EXPORT_BATCH = 1000;

/**
 * A page of the business's followers, newest first, and their count: two prepared statements taking
 * `{ businessid, limit, offset }` and `{ businessid }` (scripts/bench-floor.ts runs the same ones).
 * A search (`q`) is `searchPage`: the same page and count over the followers `matchesWords` keeps.
 */
export function followersPage(db: Db, name: string) {
  const pageOf = db
    .select({
      customerid: followers.customerid,
      firstname: users.firstname,
      lastname: users.lastname,
      followedAt: followers.followedAt,
    })
    .from(followers)
    .innerJoin(users, eq(users.userid, followers.customerid))
    .where(byBusiness(followers))
    .orderBy(desc(followers.followedAt), desc(followers.customerid))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`${name}_page`);
  const totalOf = db.select({ total: count() }).from(followers).where(byBusiness(followers)).prepare(`${name}_total`);
  return { pageOf, totalOf };
}

/** The followers whose first name, last name or e-mail holds every word of `q`: a page and their count. */
export async function searchPage(db: Db, businessid: string, q: string, limit: number, offset: number) {
  const where = and(
    eq(followers.businessid, businessid),
    matchesWords(q, [users.firstname, users.lastname, users.email]),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        customerid: followers.customerid,
        firstname: users.firstname,
        lastname: users.lastname,
        followedAt: followers.followedAt,
      })
      .from(followers)
      .innerJoin(users, eq(users.userid, followers.customerid))
      .where(where)
      .orderBy(desc(followers.followedAt), desc(followers.customerid))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(followers).innerJoin(users, eq(users.userid, followers.customerid)).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Every follower, newest first, read in keyset batches (never an OFFSET scan, never all at once). */
export async function* exportBatches(db: Db, businessid: string) {
  let after: { followedAt: Date; customerid: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        customerid: followers.customerid,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        followedAt: followers.followedAt,
        createdAt: users.createdAt,
      })
      .from(followers)
      .innerJoin(users, eq(users.userid, followers.customerid))
      .where(
        and(
          eq(followers.businessid, businessid),
          after
            ? or(
                lt(followers.followedAt, after.followedAt),
                and(eq(followers.followedAt, after.followedAt), lt(followers.customerid, after.customerid)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(followers.followedAt), desc(followers.customerid))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { followedAt: last.followedAt, customerid: last.customerid };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * The one matching of a search box over people (the booking form's customer suggestions, the followers
 * list's search): every word of `q` must occur, case-insensitively, somewhere in `haystack` (the
 * fields joined by spaces; LIKE's wildcards in `q` are taken literally).
 */
export function matchesWords(q: string, haystack: Array<SQL | AnyPgColumn>): SQL {
  const text = sql.join(
    haystack.map((field) => sql`coalesce(${field}, '')`),
    sql` || ' ' || `,
  );
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const each = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return sql`lower(${text}) like ${pattern}`;
  });
  return and(...each) ?? sql`true`;
}

/**
 * A follower's history with ONE business (issue 26): the vouchers they claimed from it, their bookings
 * with it (found through the business's booking customer with their user id), newest first, at most
 * FOLLOWER_HISTORY_MAX of each, and their conversation with it. Every read filters by `businessid`:
 * another business's claims, bookings and conversation never appear.
 */
export async function followerHistory(db: Db, businessid: string, customerid: string): Promise<FollowerHistory> {
  const [claims, booked, [conversation]] = await Promise.all([
    db
      .select({
        title: vouchers.title,
        statusid: issuedVouchers.statusid,
        issuedAt: issuedVouchers.issuedAt,
        redeemedAt: issuedVouchers.redeemedAt,
      })
      .from(issuedVouchers)
      .innerJoin(vouchers, and(eq(vouchers.voucherid, issuedVouchers.voucherid), eq(vouchers.businessid, businessid)))
      .where(and(eq(issuedVouchers.businessid, businessid), eq(issuedVouchers.customerid, customerid)))
      .orderBy(desc(issuedVouchers.issuedAt), desc(issuedVouchers.issuedvoucherid))
      .limit(FOLLOWER_HISTORY_MAX),
    db
      .select({
        bookingid: bookings.bookingid,
        resourcename: bookingResources.resourcename,
        startsAt: bookings.startsAt,
        status: bookings.status,
      })
      .from(bookings)
      .innerJoin(
        bookingCustomers,
        and(eq(bookingCustomers.id, bookings.customerid), eq(bookingCustomers.businessid, businessid)),
      )
      .innerJoin(
        bookingResources,
        and(eq(bookingResources.resourceid, bookings.resourceid), eq(bookingResources.businessid, businessid)),
      )
      .where(and(eq(bookings.businessid, businessid), eq(bookingCustomers.userid, customerid)))
      .orderBy(desc(bookings.startsAt), desc(bookings.bookingid))
      .limit(FOLLOWER_HISTORY_MAX),
    db
      .select({ conversationid: conversations.conversationid })
      .from(conversations)
      .where(and(eq(conversations.businessid, businessid), eq(conversations.customerid, customerid))),
  ]);
  return {
    vouchers: claims.map((row) => ({
      title: row.title,
      status: row.redeemedAt || row.statusid === 2 ? 'redeemed' : 'ready',
      issuedat: row.issuedAt.toISOString(),
      redeemedat: row.redeemedAt?.toISOString() ?? null,
    })),
    bookings: booked.map((row) => ({
      bookingid: row.bookingid,
      resourcename: row.resourcename,
      start: row.startsAt.toISOString(),
      status: row.status,
    })),
    conversationid: conversation?.conversationid ?? null,
  };
}
