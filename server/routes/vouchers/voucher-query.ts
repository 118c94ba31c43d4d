import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Voucher } from '#contracts/vouchers.ts';
import type { Db } from '../../db/client.ts';
import { issuedVouchers, users, vouchers, voucherTypes } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const VOUCHER_NOT_FOUND = 'Voucher not found.';

/** An id from the path: anything that is not a UUID is an unknown row (404 with `message`), never a 500. */
export const idParam = (value: string, notFound = VOUCHER_NOT_FOUND): string => {
  if (!UUID.test(value)) throw new HttpError(404, notFound);
  return value.toLowerCase();
};

/** The business's calendar day as YYYY-MM-DD, in its own zone (voucher dates are such days). */
export const businessToday = (now: Date, timeZone: string) => format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');

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
  if (!row) throw new HttpError(404, VOUCHER_NOT_FOUND);
  return toVoucher(row as VoucherRow);
}

export async function issuedCount(db: Db, voucherid: string) {
  const [row] = await db.select({ total: count() }).from(issuedVouchers).where(eq(issuedVouchers.voucherid, voucherid));
  return row?.total ?? 0;
}
