import { and, desc, eq } from 'drizzle-orm';
import { followerLimitReached } from '#contracts/customers.ts';
import { CLAIM_TEXTS, type IssuedVoucher, READY } from '#contracts/vouchers.ts';
import type { Db } from '../../db/client.ts';
import { businesses, followers, issuedVouchers, vouchers, voucherTypes } from '../../db/schema.ts';
import { businessToday } from '../../lib/business-time.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { customerScope } from '../../lib/scope.ts';
import { followerCount, lockBusiness } from '../../lib/usage.ts';
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
   * Claiming makes the customer a follower of the business (docs/decisions/020-...): a scan at the
   * counter is how a customer meets the business; a customer not following takes a place under the
   * package's follower limit, and a full business refuses the claim (409) as it refuses a follow.
   * ONE transaction: the voucher row is locked (an archive waits, or the claim sees it archived and
   * answers 410, so no claim is ever issued after the archive), then the business row (the follower
   * limit, like a follow). One per customer per voucher: claiming again answers 200 with the same
   * issued voucher; two claims racing serialise on the voucher's lock.
   */
  app.post('/vouchers/:voucherid/claim', async (c) => {
    const mine = customerScope(c);
    const voucherid = idParam(c, 'voucherid', 'voucher');
    const held = await heldBy(mine.customerid, voucherid);
    if (held) return c.json(toIssued(held), 200);
    const created = await db.transaction(async (tx) => {
      const [voucher] = await tx
        .select({
          businessid: vouchers.businessid,
          isactive: vouchers.isactive,
          deletedAt: vouchers.deletedAt,
          startdate: vouchers.startdate,
          enddate: vouchers.enddate,
        })
        .from(vouchers)
        .where(eq(vouchers.voucherid, voucherid))
        .for('update');
      if (!voucher) throw notFound('voucher');
      if (voucher.deletedAt) throw new HttpError(410, CLAIM_TEXTS.archived);
      if (!voucher.isactive) throw new HttpError(409, CLAIM_TEXTS.notAvailable);
      const business = await lockBusiness(tx, voucher.businessid);
      if (!business) throw notFound('voucher');
      const [already] = await tx
        .select({ customerid: issuedVouchers.customerid })
        .from(issuedVouchers)
        .where(and(eq(issuedVouchers.customerid, mine.customerid), eq(issuedVouchers.voucherid, voucherid)));
      if (already) return false;
      // The clock is read under the voucher's lock: an archive that waited for it is stamped later.
      const now = clock();
      const today = businessToday(now, business.timezone);
      if (today < voucher.startdate) throw new HttpError(409, CLAIM_TEXTS.notStarted(voucher.startdate));
      if (today > voucher.enddate) throw new HttpError(410, CLAIM_TEXTS.expired);
      const [following] = await tx
        .select({ customerid: followers.customerid })
        .from(followers)
        .where(and(mine.where(followers), eq(followers.businessid, voucher.businessid)));
      if (!following) {
        const total = await followerCount(tx, voucher.businessid);
        if (total >= business.followerLimit) throw new HttpError(409, followerLimitReached(business.businessname));
        await tx
          .insert(followers)
          .values({ businessid: voucher.businessid, customerid: mine.customerid, followedAt: now });
      }
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const inserted = await tx
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
        if (inserted.length) return true;
        // Nothing inserted: the code was taken (the voucher's lock rules out a racing claim). Draw another.
      }
      throw new HttpError(503, 'Could not issue a code just now. Please try again.');
    });
    const row = await heldBy(mine.customerid, voucherid);
    if (!row) throw notFound('voucher');
    return c.json(toIssued(row), created ? 201 : 200);
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
