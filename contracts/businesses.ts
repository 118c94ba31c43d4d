import * as v from 'valibot';
import { httpUrl, multiLineText, requiredText, singleLineText } from './common.ts';

const coordinate = (min: number, max: number, label: string) =>
  v.nullable(
    v.pipe(
      v.number(`${label} must be a number.`),
      v.finite(`${label} must be a number.`),
      v.minValue(min, `${label} must be between ${min} and ${max}.`),
      v.maxValue(max, `${label} must be between ${min} and ${max}.`),
    ),
  );

/** IANA zone names such as Europe/Berlin; checked against the runtime's zone list on the server. */
export const TimeZone = v.pipe(
  v.string(),
  v.nonEmpty(),
  v.maxLength(64),
  v.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/),
);

/** GET /api/businesses/me (and the PUT's answer). */
export const BusinessProfile = v.object({
  businessid: v.string(),
  businessname: v.string(),
  description: v.nullable(v.string()),
  address: v.nullable(v.string()),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  logourl: v.nullable(v.string()),
  timezone: v.string(),
});
export type BusinessProfile = v.InferOutput<typeof BusinessProfile>;

/** PUT /api/businesses/me: Business Name is required; everything else may be cleared with null. */
export const BusinessProfileUpdate = v.object({
  businessname: requiredText('Business name', 200),
  description: multiLineText('Description', 2000),
  address: singleLineText('Address', 500),
  latitude: v.optional(coordinate(-90, 90, 'Latitude'), null),
  longitude: v.optional(coordinate(-180, 180, 'Longitude'), null),
  logourl: httpUrl('Logo URL', 2048),
  timezone: v.optional(TimeZone),
});
export type BusinessProfileUpdate = v.InferInput<typeof BusinessProfileUpdate>;
