import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify/sync';
import { format } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { type FollowerDetail, type FollowersPage, FollowersQuery } from '#contracts/followers.ts';
import { businesses, followers, users } from '../../db/schema.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { neutraliseFormula } from '../../lib/spreadsheet.ts';
import { check } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { exportBatches, followerHistory, followersPage, searchPage } from './followers.queries.ts';

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'business';

/** The owner's followers (spec §2 Followers): a page, one follower, and every follower as CSV. */
export function followersRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');
  const { pageOf, totalOf } = followersPage(db, 'followers');

  app.get('/businesses/me/followers', async (c) => {
    const mine = businessScope(c);
    const { page, limit, q } = check(FollowersQuery, {
      page: c.req.query('page'),
      limit: c.req.query('limit'),
      q: c.req.query('q'),
    });
    const offset = (page - 1) * limit;
    const { rows, total } = q
      ? await searchPage(db, mine.businessid, q, limit, offset)
      : await Promise.all([pageOf.execute({ ...mine, limit, offset }), totalOf.execute(mine)]).then(
          ([rows, [totals]]) => ({ rows, total: totals?.total ?? 0 }),
        );
    const body: FollowersPage = {
      followers: rows.map(({ followedAt, ...row }) => ({ ...row, followedat: followedAt.toISOString() })),
      pagination: { currentPage: page, totalPages: Math.ceil(total / limit) },
    };
    return c.json(body);
  });

  app.get('/followers/:id', async (c) => {
    const mine = businessScope(c);
    const id = idParam(c, 'id', 'follower');
    const [row] = await db
      .select({ firstname: users.firstname, surname: users.lastname, email: users.email, createdAt: users.createdAt })
      .from(followers)
      .innerJoin(users, eq(users.userid, followers.customerid))
      .where(and(mine.where(followers), eq(followers.customerid, id)));
    if (!row) throw notFound('follower');
    const { createdAt, ...rest } = row;
    const history = await followerHistory(db, mine.businessid, id);
    return c.json({ ...rest, createdat: createdAt.toISOString(), history } satisfies FollowerDetail);
  });

  app.get('/businesses/me/followers/export', async (c) => {
    const mine = businessScope(c);
    const [business] = await db
      .select({ name: businesses.businessname, timezone: businesses.timezone })
      .from(businesses)
      .where(mine.where(businesses));
    if (!business) throw notFound('ownBusiness');
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
    // Every text cell quoted, so an app whose list separator is `;` does not split `a;=1+1` either.
    quoted_string: true,
    cast: { string: neutraliseFormula },
  });
