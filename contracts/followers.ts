import * as v from 'valibot';

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

/** GET /api/businesses/me/followers?page&limit (spec §9: page 1, 20 a page by default). */
export const FollowersQuery = v.object({
  page: v.optional(wholeNumber('page', 1, 1_000_000_000 - 1), '1'),
  limit: v.optional(wholeNumber('limit', 1, FOLLOWERS_MAX_LIMIT), String(FOLLOWERS_PAGE_SIZE)),
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

/** GET /api/followers/{id} (spec §3 "Follower detail"). */
export const FollowerDetail = v.object({
  firstname: v.nullable(v.string()),
  surname: v.nullable(v.string()),
  email: v.string(),
  createdat: v.string(),
});
export type FollowerDetail = v.InferOutput<typeof FollowerDetail>;
