import { ActivePlans, CanCreatePost, PackageDashboard } from '#contracts/packages.ts';
import { UserStats, VoucherStats } from '#contracts/stats.ts';
import { api } from './client.ts';

const usage = (businessid: string, what: string) => `/api/packages/usage/${encodeURIComponent(businessid)}/${what}`;

export const canCreatePost = (businessid: string, signal?: AbortSignal) =>
  api.get(usage(businessid, 'can-create-post'), CanCreatePost, { signal });

export const getPackageDashboard = (businessid: string, signal?: AbortSignal) =>
  api.get(usage(businessid, 'dashboard'), PackageDashboard, { signal });

export const getActivePlans = (signal?: AbortSignal) => api.get('/api/packages/active', ActivePlans, { signal });

export const getUserStats = (signal?: AbortSignal) => api.get('/api/businesses/me/user-stats', UserStats, { signal });

export const getVoucherStats = (signal?: AbortSignal) =>
  api.get('/api/businesses/me/voucher-stats', VoucherStats, { signal });
