import { and, desc, eq } from 'drizzle-orm';
import { CLAIM_TEXTS, type IssuedVoucher, READY } from '#contracts/vouchers.ts';
import type { Db } from '../../db/client.ts';
import { businesses, issuedVouchers, vouchers, voucherTypes } from '../../db/schema.ts';
import { businessToday } from '../../lib/business-time.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { customerScope } from '../../lib/scope.ts';
import { newVoucherCode } from '../../lib/voucher-codes.ts';
import type { AppDeps } from '../../types.ts';

const issuedColumns = {
  issuedvoucherid: issuedVouchers.issuedvoucherid,
  voucherid: issuedVouchers.voucherid,
  businessid: issuedVouchers.businessid,
  businessname: businesses.businessname,
  code: issuedVouchers.code,
  title: vouchers.title,
  description: vouchers.description,
  voucher_type: voucherTypes.typename,
  value: vouchers.value,
  rules: vouchers.rules,
  startdate: vouchers.startdate,
  enddate: vouchers.enddate,
  statusid: issuedVouchers.statusid,
  issuedAt: issuedVouchers.issuedAt,
  redeemedAt: issuedVouchers.redeemedAt,
};

const selectIssued = (db: Db) =>
  db
    .select(issuedColumns)
    .from(issuedVouchers)
    .innerJoin(vouchers, eq(vouchers.voucherid, issuedVouchers.voucherid))
    .innerJoin(voucherTypes, eq(voucherTypes.vouchertypeid, vouchers.vouchertypeid))
    .innerJoin(businesses, eq(businesses.businessid, issuedVouchers.businessid));

type IssuedRow = Awaited<ReturnType<ReturnType<typeof selectIssued>['execute']>>[number];
const toIssued = ({ statusid, issuedAt, redeemedAt, ...row }: IssuedRow): IssuedVoucher => ({
  ...row,
  status: statusid === READY ? 'ready' : 'redeemed',
  issuedvoucherstatusid: statusid,
  issuedat: issuedAt.toISOString(),
  redeemedat: redeemedAt?.toISOString() ?? null,
});

/** Tries before giving up on a fresh code: a collision among 2.6 × 10^13 codes is already rare. */
const CODE_ATTEMPTS = 5;

/**
 * The mobile app's side of vouchers, under /api/customer: claim the voucher a QR code named
 * (`<scheme>://claim-voucher/{voucherid}`) and list the vouchers the customer holds, with their codes.
 */
export function customerVoucherRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('customer');

  const heldBy = async (customerid: string, voucherid: string) => {
    const [row] = await selectIssued(db).where(
      and(eq(issuedVouchers.customerid, customerid), eq(issuedVouchers.voucherid, voucherid)),
    );
    return row;
  };

  /**
   * Claim: only while the voucher is active, not archived and within its dates (the business's days).
   * One per customer per voucher: claiming again answers 200 with the same issued voucher; two claims
   * racing meet the unique index on (voucher, customer), and the loser answers with the winner's row.
   */
  app.post('/vouchers/:voucherid/claim', async (c) => {
    const mine = customerScope(c);
    const voucherid = idParam(c, 'voucherid', 'voucher');
    const held = await heldBy(mine.customerid, voucherid);
    if (held) return c.json(toIssued(held), 200);
    const [voucher] = await db
      .select({
        businessid: vouchers.businessid,
        isactive: vouchers.isactive,
        deletedAt: vouchers.deletedAt,
        startdate: vouchers.startdate,
        enddate: vouchers.enddate,
        timezone: businesses.timezone,
      })
      .from(vouchers)
      .innerJoin(businesses, eq(businesses.businessid, vouchers.businessid))
      .where(eq(vouchers.voucherid, voucherid));
    if (!voucher) throw notFound('voucher');
    if (voucher.deletedAt) throw new HttpError(410, CLAIM_TEXTS.archived);
    if (!voucher.isactive) throw new HttpError(409, CLAIM_TEXTS.notAvailable);
    const now = clock();
    const today = businessToday(now, voucher.timezone);
    if (today < voucher.startdate) throw new HttpError(409, CLAIM_TEXTS.notStarted(voucher.startdate));
    if (today > voucher.enddate) throw new HttpError(410, CLAIM_TEXTS.expired);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const inserted = await db
        .insert(issuedVouchers)
        .values({
          issuedvoucherid: newId(),
          voucherid,
          businessid: voucher.businessid,
          customerid: mine.customerid,
          code: newVoucherCode(),
          issuedAt: now,
        })
        .onConflictDoNothing()
        .returning({ issuedvoucherid: issuedVouchers.issuedvoucherid });
      const row = await heldBy(mine.customerid, voucherid);
      if (row) return c.json(toIssued(row), inserted.length ? 201 : 200);
      // Nothing held and nothing inserted: the code was taken. Draw another.
    }
    throw new HttpError(503, 'Could not issue a code just now. Please try again.');
  });

  app.get('/vouchers', async (c) => {
    const mine = customerScope(c);
    const rows = await selectIssued(db)
      .where(mine.where(issuedVouchers))
      .orderBy(desc(issuedVouchers.issuedAt), desc(issuedVouchers.issuedvoucherid));
    return c.json(rows.map(toIssued));
  });

  return app;
}
