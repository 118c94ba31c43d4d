import * as v from 'valibot';
import { ROLES } from './team.ts';

/** GET /api/users/me: the signed-in owner's profile (spec: firstname, and the rest). */
export const UserProfile = v.object({
  userid: v.string(),
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  email: v.string(),
  /** The member's role in their business (decision 026). */
  role: v.picklist(ROLES),
});
export type UserProfile = v.InferOutput<typeof UserProfile>;
