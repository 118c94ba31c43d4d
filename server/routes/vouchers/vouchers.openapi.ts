import {
  IssuedVoucherLookup,
  RedeemResponse,
  Voucher,
  VoucherListQuery,
  VoucherRequest,
  Vouchers,
  VoucherTypes,
} from '#contracts/vouchers.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Vouchers'];
const id = { id: 'The voucher id (a UUID).' };
const voucher = {
  title: 'Free coffee Friday',
  description: 'A free filter coffee with any cake',
  vouchertypeid: 3,
  value: '2.50',
  rules: 'One per customer per visit',
  startdate: '2026-01-01',
  enddate: '2030-12-31',
  isactive: true,
};

/** vouchers.routes.ts and redeem.routes.ts (the customer's claim is in customer.openapi.ts). */
export const vouchersApi = describeRoutes('owner', {
  'GET /api/voucher-types': { role: 'manager', summary: 'The voucher types', tags, ok: { 200: VoucherTypes } },
  'GET /api/businesses/me/vouchers': {
    role: 'manager',
    summary: 'Active or archived vouchers with their counts',
    tags,
    query: VoucherListQuery,
    queryExample: { status: 'active' },
    ok: { 200: Vouchers },
  },
  'POST /api/businesses/:id/vouchers': {
    role: 'manager',
    summary: 'Create a voucher',
    tags,
    params: { id: "The caller's own business id (another answers 404)." },
    body: { schema: VoucherRequest, example: voucher },
    ok: { 201: Voucher },
  },
  'GET /api/vouchers/:id': { role: 'manager', summary: 'One voucher', tags, params: id, ok: { 200: Voucher } },
  'PUT /api/vouchers/:id': {
    role: 'manager',
    summary: 'Change a voucher (archived ones are read-only)',
    tags,
    params: id,
    body: { schema: VoucherRequest, example: voucher },
    ok: { 200: Voucher },
    errors: [409],
  },
  'DELETE /api/vouchers/:id': {
    role: 'manager',
    summary: 'Archive a voucher',
    tags,
    params: id,
    ok: { 200: Voucher },
    errors: [409],
  },
  'GET /api/redeem/lookup/:code': {
    role: 'staff',
    summary: "Look up a customer's code at the counter",
    tags,
    params: { code: 'The code the customer shows (spaces and dashes are ignored).' },
    ok: { 200: IssuedVoucherLookup },
    errors: [400, 429],
  },
  'POST /api/issued-vouchers/:id/redeem': {
    role: 'staff',
    summary: 'Redeem a looked-up code (exactly once)',
    tags,
    params: { id: 'The issued voucher id (a UUID).' },
    ok: { 200: RedeemResponse },
    errors: [409],
  },
});
