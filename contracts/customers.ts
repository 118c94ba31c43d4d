import * as v from 'valibot';
import { Email, requiredText } from './common.ts';
import { isSameAsEmail, PASSWORD_MESSAGES, Password } from './password.ts';

/** GET /api/customer/me: the signed-in customer (a Customers member of the identity pool). */
export const CustomerProfile = v.object({
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  email: v.string(),
});
export type CustomerProfile = v.InferOutput<typeof CustomerProfile>;

/**
 * POST /api/public/customers/register: a customer of the mobile app. Same rules as an owner's
 * registration (the password rule, the e-mail rule) without a business.
 */
export const CustomerRegisterRequest = v.pipe(
  v.object({
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    email: Email,
    password: Password,
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['password']],
      ({ email, password }) => !isSameAsEmail(password, email),
      PASSWORD_MESSAGES.sameAsEmail,
    ),
    ['password'],
  ),
);
export type CustomerRegisterRequest = v.InferInput<typeof CustomerRegisterRequest>;

/** POST / DELETE /api/customer/businesses/{businessid}/follow */
export const FollowResponse = v.object({ following: v.boolean(), followedat: v.nullable(v.string()) });
export type FollowResponse = v.InferOutput<typeof FollowResponse>;

/** The follower limit of a business's package, as the app shows it when following is refused. */
export const followerLimitReached = (businessname: string) =>
  `${businessname} can't take new followers right now. Please try again later.`;

/** GET /api/customer/businesses/{businessid}: what the app shows after scanning the business QR code. */
export const PublicBusiness = v.object({
  businessid: v.string(),
  businessname: v.string(),
  description: v.nullable(v.string()),
  address: v.nullable(v.string()),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  logourl: v.nullable(v.string()),
});
export type PublicBusiness = v.InferOutput<typeof PublicBusiness>;
/** GET /api/customer/businesses/{id}: the public profile and whether the caller follows it. */
export const CustomerBusinessView = v.object({ ...PublicBusiness.entries, following: v.boolean() });
export type CustomerBusinessView = v.InferOutput<typeof CustomerBusinessView>;

export const FOLLOWERS_ONLY = 'Follow this business to see its posts.';
