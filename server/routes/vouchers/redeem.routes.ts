import { and, eq, sql } from 'drizzle-orm';
import { type IssuedVoucherLookup, READY, REDEEM_TEXTS, REDEEMED, type RedeemResponse } from '#contracts/vouchers.ts';
import { issuedVouchers, vouchers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope } from '../../lib/scope.ts';
import { CODE_PATTERN, normaliseCode } from '../../lib/voucher-codes.ts';
import type { AppDeps } from '../../types.ts';
import { countLookup, refundLookup, selectLookup } from './vouchers.queries.ts';

/**
 * The counter (spec §7): look a code up, redeem it. Redeeming is ONE conditional update
 * (`... where statusid = 1`, in one statement with the existence check): the database lets exactly one of any number of simultaneous redeems change
 * the row, on PGlite and PostgreSQL alike; the others see no row and answer 409. Codes are looked up only
 * among this business's, and failed lookups are limited per business so codes cannot be guessed.
 */
export function redeemRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');

  app.get('/redeem/lookup/:code', async (c) => {
    const mine = businessScope(c);
    const code = normaliseCode(c.req.param('code'));
    if (code === '') throw new HttpError(400, REDEEM_TEXTS.codeRequired);
    // Counted first, in one statement (the counter's own answer decides): of any number of simultaneous
    // lookups at most LOOKUP_FAILURE_LIMIT are evaluated in a window; while locked, every lookup is
    // refused (a right code too), so a guesser learns nothing. A code that is found gives its count back.
    const counted = await countLookup(db, mine.businessid, clock());
    if (!counted.allowed) {
      throw new HttpError(429, REDEEM_TEXTS.tooManyLookups, { 'Retry-After': String(counted.retryAfterSeconds) });
    }
    // A code of another shape (a NUL, a broken escape) exists nowhere: not found without a query.
    const [row] = CODE_PATTERN.test(code)
      ? await selectLookup(db).where(and(mine.where(issuedVouchers), eq(issuedVouchers.code, code)))
      : [];
    if (!row) throw new HttpError(404, REDEEM_TEXTS.notFound);
    await refundLookup(db, mine.businessid);
    const { redeemedAt, ...rest } = row;
    return c.json({ ...rest, redeemedat: redeemedAt?.toISOString() ?? null } satisfies IssuedVoucherLookup);
  });

  /**
   * ONE statement: the conditional update, and in the same round trip whether the code exists for this
   * business (and its title). The outer select reads the row as it was before the update, so it says
   * "exists" whether this request or another one redeemed it; `done` says which.
   */
  app.post('/issued-vouchers/:id/redeem', async (c) => {
    const mine = businessScope(c);
    const id = idParam(c, 'id', 'issuedVoucher');
    const result = await db.execute(sql`
      with redeemed as (
        update ${issuedVouchers}
        set statusid = ${REDEEMED}, redeemed_at = ${clock().toISOString()}::timestamptz,
            redeemed_by = ${c.get('owner').userid}
        where issuedvoucherid = ${id} and businessid = ${mine.businessid} and statusid = ${READY}
        returning issuedvoucherid
      )
      select v.title, (select count(*)::int from redeemed) as done,
        (select nullif(trim(u.firstname), '') from users u where u.userid = ${c.get('owner').userid}) as redeemedby
      from ${issuedVouchers} i join ${vouchers} v on v.voucherid = i.voucherid
      where i.issuedvoucherid = ${id} and i.businessid = ${mine.businessid}`);
    const [row] = (result as unknown as { rows: Array<{ title: string; done: number; redeemedby: string | null }> })
      .rows;
    if (!row) throw notFound('issuedVoucher');
    if (Number(row.done) !== 1) throw new HttpError(409, REDEEM_TEXTS.alreadyRedeemed);
    const answer: RedeemResponse = { message: REDEEM_TEXTS.redeemed(row.title) };
    if (row.redeemedby) answer.redeemedby = row.redeemedby;
    return c.json(answer);
  });

  return app;
}
