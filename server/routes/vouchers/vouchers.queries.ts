/**
 * The vouchers area's reads, shared by its routes and the benchmarks (scripts/ may import `*.queries.ts`
 * files, never a routes file): a voucher as the owner's screens read it, and an issued voucher as the
 * counter sees it.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Voucher } from '#contracts/vouchers.ts';
import type { Db } from '../../db/client.ts';
import { issuedVouchers, users, vouchers, voucherTypes } from '../../db/schema.ts';
import { notFound } from '../../lib/ids.ts';
import { hitRateLimit, refundRateLimit } from '../../lib/rate-limit.ts';
import { firstNameOf } from '../team/team.queries.ts';

const issued = sql<number>`(select count(*)::int from ${issuedVouchers} where ${issuedVouchers.voucherid} = ${vouchers.voucherid})`;
const redeemed = sql<number>`(select count(*)::int from ${issuedVouchers} where ${issuedVouchers.voucherid} = ${vouchers.voucherid} and ${issuedVouchers.redeemedAt} is not null)`;

/** The columns of a voucher as the owner's screens read it (spec §3), with its type name and who archived it. */
export const voucherColumns = {
  voucherid: vouchers.voucherid,
  title: vouchers.title,
  description: vouchers.description,
  vouchertypeid: vouchers.vouchertypeid,
  voucher_type: voucherTypes.typename,
  value: vouchers.value,
  rules: vouchers.rules,
  startdate: vouchers.startdate,
  enddate: vouchers.enddate,
  isactive: vouchers.isactive,
  deletedAt: vouchers.deletedAt,
  deleted_by_email: users.email,
  issued_count: issued,
  redeemed_count: redeemed,
};

type VoucherRow = Omit<Voucher, 'deletedat'> & { deletedAt: Date | null };

export const toVoucher = ({ deletedAt, ...row }: VoucherRow): Voucher => ({
  ...row,
  issued_count: Number(row.issued_count),
  redeemed_count: Number(row.redeemed_count),
  deletedat: deletedAt ? deletedAt.toISOString() : null,
});

/** Vouchers joined with their type and the archiving user; add the where. */
export const selectVouchers = (db: Db) =>
  db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(voucherTypes, eq(voucherTypes.vouchertypeid, vouchers.vouchertypeid))
    .leftJoin(users, eq(users.userid, vouchers.deletedBy));

/** One voucher of the business, or a 404 exactly like an unknown id. */
export async function voucherOf(db: Db, businessid: string, voucherid: string): Promise<Voucher> {
  const [row] = await selectVouchers(db).where(
    and(eq(vouchers.businessid, businessid), eq(vouchers.voucherid, voucherid)),
  );
  if (!row) throw notFound('voucher');
  return toVoucher(row as VoucherRow);
}

export async function issuedCount(db: Db, voucherid: string) {
  const [row] = await db.select({ total: count() }).from(issuedVouchers).where(eq(issuedVouchers.voucherid, voucherid));
  return row?.total ?? 0;
}

/** What the counter sees of an issued voucher; add the where (scripts/bench-floor.ts runs the same select). */
export const selectLookup = (db: Db) =>
  db
    .select({
      issuedvoucherid: issuedVouchers.issuedvoucherid,
      title: vouchers.title,
      description: vouchers.description,
      customer_email: users.email,
      issuedvoucherstatusid: issuedVouchers.statusid,
      redeemedAt: issuedVouchers.redeemedAt,
      // "by {name}" (decision 026): the redeemer's first name.
      redeemedby: firstNameOf(issuedVouchers.redeemedBy),
    })
    .from(issuedVouchers)
    .innerJoin(vouchers, eq(vouchers.voucherid, issuedVouchers.voucherid))
    .innerJoin(users, eq(users.userid, issuedVouchers.customerid));

/** Failed lookups a business may make in a window before lookups are refused (429). */
export const LOOKUP_FAILURE_LIMIT = 20;
export const LOOKUP_WINDOW_SECONDS = 600;
const lookupBucket = (businessid: string) => `redeem-lookup:${businessid}`;

/**
 * The lookup limiter of the counter (the route and scripts/bench-floor.ts run the same statements):
 * every lookup is counted first, in one statement, and a code that is found gives its count back.
 */
export const countLookup = (db: Db, businessid: string, now: Date) =>
  hitRateLimit(db, lookupBucket(businessid), {
    limit: LOOKUP_FAILURE_LIMIT,
    windowSeconds: LOOKUP_WINDOW_SECONDS,
    now,
  });
export const refundLookup = (db: Db, businessid: string) => refundRateLimit(db, lookupBucket(businessid));
