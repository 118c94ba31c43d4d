import { FollowerDetail, FollowersPage } from '#contracts/followers.ts';
import { api, downloadFile } from './client.ts';

/** A page of followers; with `q`, only those whose name or e-mail holds every word of it. */
export const getFollowers = (page: number, limit?: number, signal?: AbortSignal, q?: string) =>
  api.get('/api/businesses/me/followers', FollowersPage, { query: { page, limit, q: q || undefined }, signal });

export const getFollower = (customerid: string, signal?: AbortSignal) =>
  api.get(`/api/followers/${encodeURIComponent(customerid)}`, FollowerDetail, { signal });

export const exportFollowers = (signal?: AbortSignal) => downloadFile('/api/businesses/me/followers/export', signal);
