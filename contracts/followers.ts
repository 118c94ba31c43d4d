import * as v from 'valibot';
import { BOOKING_STATUSES } from './bookings.ts';
import { searchText } from './common.ts';

export const FOLLOWERS_PAGE_SIZE = 20;
export const FOLLOWERS_MAX_LIMIT = 100;

const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, `${label} must be a whole number from ${min} to ${max}.`),
    v.transform(Number),
    v.minValue(min, `${label} must be a whole number from ${min} to ${max}.`),
    v.maxValue(max, `${label} must be a whole number from ${min} to ${max}.`),
  );

/**
 * GET /api/businesses/me/followers?page&limit&q (spec §9: page 1, 20 a page by default). `q` (issue 26):
 * only the followers whose name or e-mail holds every word, matched as the booking form's customer
 * search matches; empty means every follower.
 */
export const FollowersQuery = v.object({
  page: v.optional(wholeNumber('page', 1, 1_000_000_000 - 1), '1'),
  limit: v.optional(wholeNumber('limit', 1, FOLLOWERS_MAX_LIMIT), String(FOLLOWERS_PAGE_SIZE)),
  q: v.optional(searchText(0)),
});

export const Follower = v.object({
  customerid: v.string(),
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  followedat: v.string(),
});
export type Follower = v.InferOutput<typeof Follower>;

/** Spec §7: data.followers and data.pagination{currentPage, totalPages}. */
export const FollowersPage = v.object({
  followers: v.array(Follower),
  pagination: v.object({ currentPage: v.number(), totalPages: v.number() }),
});
export type FollowersPage = v.InferOutput<typeof FollowersPage>;

/** A voucher the follower claimed from this business; `status` is whether it was used at the counter. */
export const HistoryVoucher = v.object({
  title: v.string(),
  status: v.picklist(['ready', 'redeemed']),
  issuedat: v.string(),
  redeemedat: v.nullable(v.string()),
});
export type HistoryVoucher = v.InferOutput<typeof HistoryVoucher>;

/** A booking of the follower with this business (any status, cancelled ones included). */
export const HistoryBooking = v.object({
  bookingid: v.string(),
  resourcename: v.string(),
  start: v.string(),
  status: v.picklist(BOOKING_STATUSES),
});
export type HistoryBooking = v.InferOutput<typeof HistoryBooking>;

/**
 * The follower's history with the caller's business only (issue 26): claimed vouchers, bookings (newest
 * first, at most FOLLOWER_HISTORY_MAX of each), and their conversation with the business (null: none).
 */
export const FollowerHistory = v.object({
  vouchers: v.array(HistoryVoucher),
  bookings: v.array(HistoryBooking),
  conversationid: v.nullable(v.string()),
});
export type FollowerHistory = v.InferOutput<typeof FollowerHistory>;
export const FOLLOWER_HISTORY_MAX = 50;

/** GET /api/followers/{id} (spec §3 "Follower detail", with the history of issue 26). */
export const FollowerDetail = v.object({
  firstname: v.nullable(v.string()),
  surname: v.nullable(v.string()),
  email: v.string(),
  createdat: v.string(),
  history: FollowerHistory,
});
export type FollowerDetail = v.InferOutput<typeof FollowerDetail>;
