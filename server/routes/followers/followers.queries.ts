/**
 * The followers area's reads, shared by its routes and the benchmarks (scripts/ may import `*.queries.ts`
 * files, never a routes file): a page of followers with their count, and every follower in batches.
 */
import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { followers, users } from '../../db/schema.ts';
import { byBusiness } from '../../lib/scope.ts';

/** Rows read per query while the CSV streams: memory stays flat however many followers there are. */
export const EXPORT_BATCH = 1000;

/**
 * A page of the business's followers, newest first, and their count: two prepared statements taking
 * `{ businessid, limit, offset }` and `{ businessid }` (scripts/bench-floor.ts runs the same ones).
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
