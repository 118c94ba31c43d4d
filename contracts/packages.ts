import * as v from 'valibot';

/** One plan of GET /api/packages/active (spec §3 "Available package"); prices in dollars. */
export const Plan = v.object({
  packageid: v.number(),
  name: v.string(),
  description: v.string(),
  monthly_price: v.number(),
  annual_price: v.number(),
  follower_limit: v.number(),
  posts_per_day_limit: v.number(),
  bookable_resources_limit: v.number(),
  custom_branding_enabled: v.boolean(),
  support_level: v.string(),
});
export type Plan = v.InferOutput<typeof Plan>;
/** Spec §7: the plans are in data.data. */
export const ActivePlans = v.object({ data: v.array(Plan) });

export const Usage = v.object({ currentCount: v.number(), limit: v.number(), remaining: v.number() });
export type Usage = v.InferOutput<typeof Usage>;

/** GET /api/packages/usage/{businessid}/dashboard: spec §7 reads data.data.package and data.data.usage. */
export const PackageDashboard = v.object({
  data: v.object({
    package: v.object({
      package_name: v.nullable(v.string()),
      negotiated_monthly_price: v.number(),
      billing_cycle: v.string(),
      custom_branding_enabled: v.boolean(),
    }),
    usage: v.object({ followers: Usage, posts: Usage, resources: Usage }),
  }),
});
export type PackageDashboard = v.InferOutput<typeof PackageDashboard>;

/** `remaining`: posts left today (the composer says so before the limit is hit); optional for older servers. */
export const CanCreatePost = v.object({ canCreate: v.boolean(), limit: v.number(), remaining: v.optional(v.number()) });
export const CanAddResource = v.object({ canAdd: v.boolean(), limit: v.number() });
