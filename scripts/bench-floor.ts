/**
 * The floors for scripts/bench-api.ts: the least each measured read can cost on this machine. One bare
 * Hono app, one handler per endpoint, each doing what that endpoint must do and nothing else: verify the
 * bearer token with jose (RS256, the server's public keys, issuer, expiry) EVERY time (no cache), then
 * run THE SAME statements the route runs (the same drizzle builders, the same driver and pool size:
 * openDatabase; for the voucher lookup its limiter's count and refund too) and answer the same JSON.
 * GET /users/me, whose answer the server reads with the session, reads the user and their role in one
 * statement on the driver's fast path (preparedRead, as the server's guard). No middleware, no guard (no
 * session check, no business lookup: the business id comes from FLOOR_BUSINESS), no input validation.
 * What the product costs above this is its overhead.
 * It opens the database the server used (DATA_DIR or DATABASE_URL); with PGlite that must be a copy.
 * Prints "ready" on stdout when it listens.
 */
import { serve } from '@hono/node-server';
import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { importJWK, type JWK, jwtVerify } from 'jose';
import { NOT_FOUND } from '../contracts/common.ts';
import { REDEEM_TEXTS } from '../contracts/vouchers.ts';
import { openDatabase } from '../server/db/client.ts';
import { preparedRead } from '../server/db/hot-path.ts';
import { bookings, conversations, issuedVouchers, users } from '../server/db/schema.ts';
import { etagOf, matches, notModified } from '../server/lib/etag.ts';
import { normaliseCode } from '../server/lib/voucher-codes.ts';
import { events, toBooking } from '../server/routes/bookings/bookings.queries.ts';
import { businessProfileOf } from '../server/routes/businesses/businesses.queries.ts';
import { followersPage } from '../server/routes/followers/followers.queries.ts';
import { businessVersion, listFields, toConversation } from '../server/routes/messaging/messaging.queries.ts';
import { countLookup, refundLookup, selectLookup } from '../server/routes/vouchers/vouchers.queries.ts';

const port = Number(process.env.PORT);
const issuer = process.env.TOKEN_ISSUER!;
const businessid = process.env.FLOOR_BUSINESS!;
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR! });
const { db } = database;

const keys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();
const keyRows = (await db.execute(sql`select kid, public_jwk from signing_keys where active`)) as unknown as
  | { rows: Array<{ kid: string; public_jwk: JWK }> }
  | Array<{ kid: string; public_jwk: JWK }>;
for (const row of Array.isArray(keyRows) ? keyRows : keyRows.rows) {
  keys.set(row.kid, await importJWK(row.public_jwk, 'RS256'));
}

/** The token check every floor does: a bearer JWT, RS256 with a published key, our issuer, not expired. */
async function subject(c: Context): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) return undefined;
  try {
    const { payload } = await jwtVerify(match[1]!, async (header) => keys.get(header.kid!)!, {
      algorithms: ['RS256'],
      issuer,
    });
    return payload.sub;
  } catch {
    return undefined;
  }
}
const unauthorised = (c: Context) => c.json({ message: 'Your session has expired. Please sign in again.' }, 401);

// The routes' statements, built the way the routes build them.
const userOf = preparedRead<{
  userid: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  role: string | null;
}>(
  db,
  'floor_user',
  `select u.userid, u.firstname, u.lastname, u.email, m.role
    from users u left join business_members m on m.userid = u.userid where u.userid = $1`,
);
const businessOf = businessProfileOf(db, 'floor_business');
const listOf = db
  .select(listFields)
  .from(conversations)
  .innerJoin(users, eq(users.userid, conversations.customerid))
  .where(and(eq(conversations.businessid, sql.placeholder('businessid')), eq(conversations.isActive, true)))
  .orderBy(
    desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
    desc(conversations.conversationid),
  )
  .prepare('floor_conversations');
const { pageOf, totalOf } = followersPage(db, 'floor_followers');

const app = new Hono();

app.get('/users/me', async (c) => {
  const sub = await subject(c);
  if (!sub) return unauthorised(c);
  const [user] = await userOf(sub);
  if (!user) return c.json({ message: NOT_FOUND.ownUser }, 404);
  return c.json({ ...user, role: user.role ?? 'owner' });
});

app.get('/businesses/me', async (c) => {
  if (!(await subject(c))) return unauthorised(c);
  const [row] = await businessOf.execute({ businessid });
  if (!row) return c.json({ message: NOT_FOUND.ownBusiness }, 404);
  return c.json(row);
});

app.get('/bookings', async (c) => {
  if (!(await subject(c))) return unauthorised(c);
  const startDate = new Date(c.req.query('startDate')!);
  const endDate = new Date(c.req.query('endDate')!);
  const rows = await events(db)
    .where(
      and(
        eq(bookings.businessid, businessid),
        gte(bookings.startsAt, new Date(startDate.getTime() - 86_400_000)),
        lt(bookings.startsAt, endDate),
        gt(bookings.endsAt, startDate),
        isNull(bookings.cancelledAt),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.bookingid))
    .limit(5000);
  return c.json({ data: rows.map(toBooking) });
});

app.get('/conversations', async (c) => {
  if (!(await subject(c))) return unauthorised(c);
  const etag = etagOf('conversations', businessid, 'active', await businessVersion(db, businessid));
  if (matches(c, etag)) return notModified(c, etag);
  const rows = await listOf.execute({ businessid });
  return c.json(rows.map(toConversation), 200, { ETag: etag });
});

app.get('/redeem/lookup/:code', async (c) => {
  if (!(await subject(c))) return unauthorised(c);
  const code = normaliseCode(c.req.param('code'));
  const counted = await countLookup(db, businessid, new Date());
  if (!counted.allowed) return c.json({ message: REDEEM_TEXTS.tooManyLookups }, 429);
  const [row] = await selectLookup(db).where(
    and(eq(issuedVouchers.businessid, businessid), eq(issuedVouchers.code, code)),
  );
  if (!row) return c.json({ message: REDEEM_TEXTS.notFound }, 404);
  await refundLookup(db, businessid);
  const { redeemedAt, ...rest } = row;
  return c.json({ ...rest, redeemedat: redeemedAt?.toISOString() ?? null });
});

app.get('/followers', async (c) => {
  if (!(await subject(c))) return unauthorised(c);
  const page = Number(c.req.query('page') ?? 1);
  const limit = 20;
  const [rows, [totals]] = await Promise.all([
    pageOf.execute({ businessid, limit, offset: (page - 1) * limit }),
    totalOf.execute({ businessid }),
  ]);
  return c.json({
    followers: rows.map(({ followedAt, ...row }) => ({ ...row, followedat: followedAt.toISOString() })),
    pagination: { currentPage: page, totalPages: Math.ceil((totals?.total ?? 0) / limit) },
  });
});

/** For the start-up floor: a bare process answering health without a database. */
app.get('/healthz', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log('ready'));
