import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  PERCENTAGE_TYPE,
  VOUCHER_FIELD_TEXTS,
  type VoucherInput,
  VoucherListQuery,
  VoucherRequest,
  type VoucherType,
} from '#contracts/vouchers.ts';
import type { Db } from '../../db/client.ts';
import { vouchers, voucherTypes } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { businessScope, ownBusinessParam } from '../../lib/scope.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { selectVouchers, toVoucher, voucherOf } from './vouchers.queries.ts';

export const ARCHIVED_READ_ONLY = 'This voucher is archived and can no longer be changed.';
export const UNKNOWN_TYPE = 'Voucher type is not one of the available types.';

/** The type must exist; a percentage discount cannot exceed 100 %. */
async function checkType(db: Db, input: VoucherInput) {
  const [type] = await db.select().from(voucherTypes).where(eq(voucherTypes.vouchertypeid, input.vouchertypeid));
  if (!type) throw new HttpError(400, UNKNOWN_TYPE);
  if (type.typename === PERCENTAGE_TYPE && Number(input.value) > 100) {
    throw new HttpError(400, VOUCHER_FIELD_TEXTS.percentTooLarge);
  }
}

const columnsOf = (input: VoucherInput) => ({
  title: input.title,
  description: input.description,
  vouchertypeid: input.vouchertypeid,
  value: input.value,
  rules: input.rules,
  startdate: input.startdate,
  enddate: input.enddate,
  isactive: input.isactive,
});

/**
 * Voucher templates (spec §7): the types, the business's active or archived vouchers, create, read,
 * update and archive. Every query is scoped to the caller's business; another business's voucher answers
 * exactly like an unknown one. Archived vouchers are read-only (409).
 */
export function vouchersRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');

  app.get('/voucher-types', async (c) => {
    businessScope(c);
    const rows = await db.select().from(voucherTypes).orderBy(asc(voucherTypes.vouchertypeid));
    return c.json(rows satisfies VoucherType[]);
  });

  app.get('/businesses/me/vouchers', async (c) => {
    const mine = businessScope(c);
    const { status } = check(VoucherListQuery, { status: c.req.query('status') || undefined });
    const archived = status === 'archived';
    const rows = await selectVouchers(db)
      .where(and(mine.where(vouchers), archived ? isNotNull(vouchers.deletedAt) : isNull(vouchers.deletedAt)))
      .orderBy(archived ? desc(vouchers.deletedAt) : desc(vouchers.createdAt), desc(vouchers.voucherid));
    return c.json(rows.map((row) => toVoucher(row as never)));
  });

  app.post('/businesses/:id/vouchers', async (c) => {
    const mine = ownBusinessParam(c, 'id');
    const input = await readJson(c, VoucherRequest);
    await checkType(db, input);
    const voucherid = newId();
    const now = clock();
    await db
      .insert(vouchers)
      .values({ ...columnsOf(input), voucherid, businessid: mine.businessid, createdAt: now, updatedAt: now });
    return c.json(await voucherOf(db, mine.businessid, voucherid), 201);
  });

  app.get('/vouchers/:id', async (c) => {
    const mine = businessScope(c);
    return c.json(await voucherOf(db, mine.businessid, idParam(c, 'id', 'voucher')));
  });

  app.put('/vouchers/:id', async (c) => {
    const mine = businessScope(c);
    const voucherid = idParam(c, 'id', 'voucher');
    const input = await readJson(c, VoucherRequest);
    await checkType(db, input);
    // One conditional update: a voucher archived a moment ago is not changed after all.
    const [row] = await db
      .update(vouchers)
      .set({ ...columnsOf(input), updatedAt: clock() })
      .where(and(mine.where(vouchers), eq(vouchers.voucherid, voucherid), isNull(vouchers.deletedAt)))
      .returning({ voucherid: vouchers.voucherid });
    if (!row) {
      await voucherOf(db, mine.businessid, voucherid); // 404 when it is not this business's
      throw new HttpError(409, ARCHIVED_READ_ONLY);
    }
    return c.json(await voucherOf(db, mine.businessid, voucherid));
  });

  /** Archives: records when and who; the voucher and its issued codes stay (customers keep what they hold). */
  app.delete('/vouchers/:id', async (c) => {
    const mine = businessScope(c);
    const voucherid = idParam(c, 'id', 'voucher');
    // The voucher's lock first, the clock after: a claim holding the lock (customer-vouchers.routes.ts)
    // finishes first and is stamped earlier; a claim arriving later sees the archive and answers 410.
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ voucherid: vouchers.voucherid })
        .from(vouchers)
        .where(and(mine.where(vouchers), eq(vouchers.voucherid, voucherid), isNull(vouchers.deletedAt)))
        .for('update');
      if (!locked) return undefined;
      const [archived] = await tx
        .update(vouchers)
        .set({ deletedAt: clock(), deletedBy: c.get('owner').userid })
        .where(and(eq(vouchers.voucherid, voucherid), isNull(vouchers.deletedAt)))
        .returning({ voucherid: vouchers.voucherid });
      return archived;
    });
    if (!row) {
      await voucherOf(db, mine.businessid, voucherid);
      throw new HttpError(409, 'This voucher is already archived.');
    }
    return c.json(await voucherOf(db, mine.businessid, voucherid));
  });

  return app;
}
