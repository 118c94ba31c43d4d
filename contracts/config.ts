import * as v from 'valibot';

/**
 * GET /config.json: runtime configuration of the SPA. One build serves every environment; pointing the
 * portal at a real Cognito user pool and a remote API only changes this document.
 */
export const RuntimeConfig = v.object({
  auth: v.object({
    userPoolId: v.pipe(v.string(), v.regex(/^[^_]+_[^_]+$/, 'userPoolId must look like <region>_<pool>')),
    userPoolClientId: v.pipe(v.string(), v.nonEmpty()),
    /** Absolute URL of a Cognito-compatible endpoint; absent for real Cognito. */
    userPoolEndpoint: v.optional(v.pipe(v.string(), v.url())),
  }),
  /** Base URL of the product API ('' = same origin). */
  apiBaseUrl: v.string(),
  /** Public storage location that post image keys are appended to. */
  mediaBaseUrl: v.string(),
  /** The mobile app's deep-link scheme, e.g. "loyaltyapp" for loyaltyapp://claim-voucher/{id}. */
  appScheme: v.string(),
  /** Where owners ask for another package (SALES_EMAIL); My Package names it. */
  salesEmail: v.optional(v.string()),
});
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfig>;

export { CONFIG_ELEMENT_ID } from './config-element.ts';
