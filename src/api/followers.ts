import { FollowerDetail, FollowersPage } from '#contracts/followers.ts';
import { api, downloadFile } from './client.ts';

export const getFollowers = (page: number, limit?: number, signal?: AbortSignal) =>
  api.get('/api/businesses/me/followers', FollowersPage, { query: { page, limit }, signal });

export const getFollower = (customerid: string, signal?: AbortSignal) =>
  api.get(`/api/followers/${encodeURIComponent(customerid)}`, FollowerDetail, { signal });

export const exportFollowers = (signal?: AbortSignal) => downloadFile('/api/businesses/me/followers/export', signal);
