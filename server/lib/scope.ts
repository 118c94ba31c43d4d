import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { CustomerEnv, OwnerEnv } from '../types.ts';
import { notFound } from './ids.ts';

/**
 * Row ownership. Every owner query filters by the caller's business and every customer query by the
 * caller's own id, both taken from the principal the guard resolved once per request from the verified
 * token. The helpers take the handler's context typed by its router's area, so they cannot be called
 * where no principal was resolved (a public route, a script): that is a type error.
 */

export type BusinessScope = {
  businessid: string;
  /** `table.businessid = <the caller's business>`: in the where of every owner query. */
  where: (table: { businessid: AnyPgColumn }) => SQL;
};

/**
 * The caller's business. 404 when the owner has none (only an owner made without one), so no owner
 * query ever runs unscoped.
 *
 *   const mine = businessScope(c);
 *   await db.select().from(vouchers).where(and(mine.where(vouchers), eq(vouchers.voucherid, id)));
 *   await db.insert(vouchers).values({ ...input, businessid: mine.businessid });
 *   await voucherById.execute({ ...mine, id });   // prepared with byBusiness(vouchers)
 */
export function businessScope(c: Context<OwnerEnv>): BusinessScope {
  const { businessid } = c.get('owner');
  if (!businessid) throw notFound('ownBusiness');
  return { businessid, where: (table) => eq(table.businessid, businessid) };
}

/**
 * The caller's business, named by the path parameter `name` (`/businesses/:id/posts`): any other id
 * (another business's, an unknown or a malformed one) answers 404 "Business not found." alike.
 */
export function ownBusinessParam(c: Context<OwnerEnv>, name: string): BusinessScope {
  const mine = businessScope(c);
  if (c.req.param(name)?.toLowerCase() !== mine.businessid) throw notFound('business');
  return mine;
}

/** The prepared-statement form of `businessScope(c).where`: execute it with `{ ...businessScope(c) }`. */
export const byBusiness = (table: { businessid: AnyPgColumn }): SQL =>
  eq(table.businessid, sql.placeholder('businessid'));

export type CustomerScope = {
  customerid: string;
  /** `table.customerid = <the calling customer>`: in the where of every customer query. */
  where: (table: { customerid: AnyPgColumn }) => SQL;
};

/** The calling customer (their user id). Rows a customer owns carry it as `customerid`. */
export function customerScope(c: Context<CustomerEnv>): CustomerScope {
  const { userid } = c.get('customer');
  return { customerid: userid, where: (table) => eq(table.customerid, userid) };
}

/** The prepared-statement form of `customerScope(c).where`: execute it with `{ ...customerScope(c) }`. */
export const byCustomer = (table: { customerid: AnyPgColumn }): SQL =>
  eq(table.customerid, sql.placeholder('customerid'));
