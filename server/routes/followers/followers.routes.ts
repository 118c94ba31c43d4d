import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify/sync';
import { format } from 'date-fns';
import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import { type FollowerDetail, type FollowersPage, FollowersQuery } from '#contracts/followers.ts';
import type { Db } from '../../db/client.ts';
import { businesses, followers, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope, byBusiness } from '../../lib/scope.ts';
import { check } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const FOLLOWER_NOT_FOUND = 'Follower not found.';
/** Rows read per query while the CSV streams: memory stays flat however many followers there are. */
export const EXPORT_BATCH = 1000;

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab/CR that some apps strip first) gets a
 * leading apostrophe, so an export opened in Excel or Sheets shows the text and runs nothing.
 */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'business';

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

/** The owner's followers (spec §2 Followers): a page, one follower, and every follower as CSV. */
export function followersRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');
  const { pageOf, totalOf } = followersPage(db, 'followers');

  app.get('/businesses/me/followers', async (c) => {
    const mine = businessScope(c);
    const { page, limit } = check(FollowersQuery, { page: c.req.query('page'), limit: c.req.query('limit') });
    const [rows, [totals]] = await Promise.all([
      pageOf.execute({ ...mine, limit, offset: (page - 1) * limit }),
      totalOf.execute(mine),
    ]);
    const body: FollowersPage = {
      followers: rows.map(({ followedAt, ...row }) => ({ ...row, followedat: followedAt.toISOString() })),
      pagination: { currentPage: page, totalPages: Math.ceil((totals?.total ?? 0) / limit) },
    };
    return c.json(body);
  });

  app.get('/followers/:id', async (c) => {
    const mine = businessScope(c);
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new HttpError(404, FOLLOWER_NOT_FOUND);
    const [row] = await db
      .select({ firstname: users.firstname, surname: users.lastname, email: users.email, createdAt: users.createdAt })
      .from(followers)
      .innerJoin(users, eq(users.userid, followers.customerid))
      .where(and(mine.where(followers), eq(followers.customerid, id.toLowerCase())));
    if (!row) throw new HttpError(404, FOLLOWER_NOT_FOUND);
    const { createdAt, ...rest } = row;
    return c.json({ ...rest, createdat: createdAt.toISOString() } satisfies FollowerDetail);
  });

  app.get('/businesses/me/followers/export', async (c) => {
    const mine = businessScope(c);
    const [business] = await db
      .select({ name: businesses.businessname, timezone: businesses.timezone })
      .from(businesses)
      .where(mine.where(businesses));
    if (!business) throw new HttpError(404, 'No business profile found.');
    // "2026-11-23 09:30" in the business's zone; one formatter for every row (a TZDate per cell costs 3×).
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: business.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format;
    const filename = `followers-${slug(business.name)}-${format(new TZDate(clock().getTime(), business.timezone), 'yyyy-MM-dd')}.csv`;
    const batches = exportBatches(db, mine.businessid);
    const encoder = new TextEncoder();
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await batches.next();
        if (done) {
          if (first) controller.enqueue(encoder.encode(`\uFEFF${csv([], true)}`));
          controller.close();
          return;
        }
        const rows = value.map((f) => [
          f.firstname ?? '',
          f.lastname ?? '',
          f.email,
          local(f.followedAt),
          local(f.createdAt),
        ]);
        controller.enqueue(encoder.encode(`${first ? '\uFEFF' : ''}${csv(rows, first)}`));
        first = false;
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  });

  return app;
}

const HEADER = ['First name', 'Last name', 'Email', 'Followed on', 'Customer since'];
const csv = (rows: string[][], header: boolean) =>
  stringify(rows, {
    header,
    columns: HEADER,
    record_delimiter: 'windows',
    cast: { string: neutraliseFormula },
  });

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
