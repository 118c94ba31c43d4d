import * as v from 'valibot';

/** GET /api/customer/me: the signed-in customer (a Customers member of the identity pool). */
export const CustomerProfile = v.object({
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  email: v.string(),
});
export type CustomerProfile = v.InferOutput<typeof CustomerProfile>;
