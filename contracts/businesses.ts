import * as v from 'valibot';
import { httpUrl, multiLineText, requiredText, singleLineText } from './common.ts';

/** The ranges of the profile's coordinates, and their messages: the same on the server and in the dialog. */
export interface CoordinateRange {
  label: 'Latitude' | 'Longitude';
  min: number;
  max: number;
}
export const LATITUDE: CoordinateRange = { label: 'Latitude', min: -90, max: 90 };
export const LONGITUDE: CoordinateRange = { label: 'Longitude', min: -180, max: 180 };
export const coordinateMessages = ({ label, min, max }: CoordinateRange) => ({
  notNumber: `${label} must be a number.`,
  outOfRange: `${label} must be between ${min} and ${max}.`,
});
export const COORDINATES_TOGETHER = 'Latitude and longitude must be given together.';

const coordinate = (range: CoordinateRange) => {
  const { notNumber, outOfRange } = coordinateMessages(range);
  return v.nullable(
    v.pipe(
      v.number(notNumber),
      v.finite(notNumber),
      v.minValue(range.min, outOfRange),
      v.maxValue(range.max, outOfRange),
    ),
  );
};

/** IANA zone names such as Europe/Berlin; checked against the runtime's zone list on the server. */
const ZONE_TEXT = 'Time zone is not a known IANA time zone (for example Europe/London).';
export const TimeZone = v.pipe(
  v.string(ZONE_TEXT),
  v.nonEmpty(ZONE_TEXT),
  v.maxLength(64, ZONE_TEXT),
  v.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/, ZONE_TEXT),
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
  latitude: v.optional(coordinate(LATITUDE), null),
  longitude: v.optional(coordinate(LONGITUDE), null),
  logourl: httpUrl('Logo URL', 2048),
  timezone: v.optional(TimeZone),
});
export type BusinessProfileUpdate = v.InferInput<typeof BusinessProfileUpdate>;

// --- Getting-started checklist (issue 26) -------------------------------------------------------

/** The steps of a new owner's checklist, in the order they show. */
export const CHECKLIST_STEPS = ['location', 'qr', 'post', 'voucher', 'resource'] as const;
export type ChecklistStepId = (typeof CHECKLIST_STEPS)[number];

/**
 * GET /api/businesses/me/checklist: each step done or not, computed from the business's data (address and
 * map location set, the business QR printed or downloaded, a post, a voucher, a resource with opening
 * hours), and whether the owner dismissed the list.
 */
export const Checklist = v.object({
  steps: v.array(v.object({ id: v.picklist(CHECKLIST_STEPS), done: v.boolean() })),
  dismissed: v.boolean(),
});
export type Checklist = v.InferOutput<typeof Checklist>;

const onlyTrue = (label: string) => v.optional(v.literal(true, `${label} must be true.`));
export const CHECKLIST_UPDATE_EMPTY = 'Send dismissed: true or qrShared: true.';
/** PUT /api/businesses/me/checklist: `{dismissed: true}` hides it for good; `{qrShared: true}` marks the QR step. */
export const ChecklistUpdate = v.pipe(
  v.object({ dismissed: onlyTrue('Dismissed'), qrShared: onlyTrue('QR shared') }),
  v.check((body) => body.dismissed === true || body.qrShared === true, CHECKLIST_UPDATE_EMPTY),
);
export type ChecklistUpdate = v.InferInput<typeof ChecklistUpdate>;
