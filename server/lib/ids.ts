import type { Context } from 'hono';
import { isUuid, NOT_FOUND, type RowKind } from '#contracts/common.ts';
import { HttpError } from './http-error.ts';

/**
 * Ids in paths, and the one answer for an id that names nothing the caller may see. The sentences are
 * the table NOT_FOUND in contracts/common.ts (one per kind of row; a new kind adds a line there).
 *
 *   const voucherid = idParam(c, 'id', 'voucher');          // 404 "Voucher not found." unless a UUID
 *   const [row] = await db.select()...where(and(mine.where(vouchers), eq(vouchers.voucherid, voucherid)));
 *   if (!row) throw notFound('voucher');                      // another business's: the same answer
 */

/** The 404 for a row of this kind that is not there (or not the caller's: the same answer). */
export const notFound = (kind: RowKind): HttpError => new HttpError(404, NOT_FOUND[kind]);

/**
 * The path parameter `name` as a lower-case UUID. Anything else (a malformed id, a path with no such
 * parameter) answers the kind's 404 exactly as an unknown id does, never a 400 or a 500.
 */
export function idParam(c: Pick<Context, 'req'>, name: string, kind: RowKind): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw notFound(kind);
  return value.toLowerCase();
}

/** The answer for a path the API does not have (an unknown route, a media key never stored). */
export const unknownPath = (c: Context) => c.json({ message: NOT_FOUND.path }, 404);
