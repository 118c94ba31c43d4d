import {
  IssuedVoucherLookup,
  RedeemResponse,
  Voucher,
  type VoucherRequest,
  Vouchers,
  VoucherTypes,
} from '#contracts/vouchers.ts';
import { api } from './client.ts';

export const getVoucherTypes = (signal?: AbortSignal) => api.get('/api/voucher-types', VoucherTypes, { signal });

export const getMyVouchers = (status: 'active' | 'archived', signal?: AbortSignal) =>
  api.get('/api/businesses/me/vouchers', Vouchers, { query: { status }, signal });

export const createVoucher = (businessid: string, body: VoucherRequest, signal?: AbortSignal) =>
  api.post(`/api/businesses/${encodeURIComponent(businessid)}/vouchers`, Voucher, body, { signal });

export const getVoucher = (voucherid: string, signal?: AbortSignal) =>
  api.get(`/api/vouchers/${encodeURIComponent(voucherid)}`, Voucher, { signal });

export const updateVoucher = (voucherid: string, body: VoucherRequest, signal?: AbortSignal) =>
  api.put(`/api/vouchers/${encodeURIComponent(voucherid)}`, Voucher, body, { signal });

export const archiveVoucher = (voucherid: string, signal?: AbortSignal) =>
  api.delete(`/api/vouchers/${encodeURIComponent(voucherid)}`, Voucher, { signal });

export const lookupCode = (code: string, signal?: AbortSignal) =>
  api.get(`/api/redeem/lookup/${encodeURIComponent(code)}`, IssuedVoucherLookup, { signal });

export const redeemIssuedVoucher = (issuedvoucherid: string, signal?: AbortSignal) =>
  api.post(`/api/issued-vouchers/${encodeURIComponent(issuedvoucherid)}/redeem`, RedeemResponse, undefined, {
    signal,
  });
