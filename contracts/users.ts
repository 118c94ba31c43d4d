import * as v from 'valibot';

/** GET /api/users/me: the signed-in owner's profile (spec: firstname, and the rest). */
export const UserProfile = v.object({
  userid: v.string(),
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  email: v.string(),
});
export type UserProfile = v.InferOutput<typeof UserProfile>;
