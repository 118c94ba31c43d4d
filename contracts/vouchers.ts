import * as v from 'valibot';
import {
  isCalendarDay,
  isDayInRange,
  MAX_INT_ID,
  requiredMultiLineText,
  requiredText,
  YEAR_RANGE_TEXT,
} from './common.ts';

/** Spec §5 and §8 texts of the voucher screens; the server answers with the same words where it can. */
export const VOUCHER_TEXTS = {
  typesFailed: 'Could not load voucher types.',
  createFailed: 'Failed to create voucher.',
  updateFailed: 'Failed to update voucher.',
  listFailed: 'Could not load vouchers.',
  detailsFailed: 'Could not load voucher details.',
  deleteFailed: 'Could not delete voucher.',
  lookupFailed: 'Failed to look up voucher.',
  redeemFailed: 'Failed to redeem voucher.',
  noActive: 'No active vouchers found.',
  noArchived: 'No archived vouchers found.',
  confirmDelete: 'This action cannot be undone.',
  alreadyRedeemed: 'This voucher has already been redeemed and cannot be used again.',
  readyToRedeem: 'Ready to Redeem',
  alreadyRedeemedStatus: 'Already Redeemed',
} as const;

/** Field messages of the voucher form (spec §5), the same on the server and in the form. */
export const VOUCHER_FIELD_TEXTS = {
  titleShort: 'Title must be at least 5 characters.',
  typeRequired: 'Voucher type is required.',
  valueRequired: 'Value is required.',
  valueInvalid: 'Value must be a number of at least 0 with at most 2 decimals.',
  valueTooLarge: 'Value must be at most 99999999.99.',
  percentTooLarge: 'A percentage discount can be at most 100.',
  startRequired: 'Start date is required.',
  endRequired: 'End date is required.',
  endBeforeStart: 'End date must be on or after the start date.',
} as const;

export const TITLE_MIN_LENGTH = 5;
export const PERCENTAGE_TYPE = 'Percentage Discount';
/** The voucher type whose value means nothing (the free item is the second one bought). */
export const NO_VALUE_TYPE = 'Buy One Get One';
/** Voucher values that are money are in this currency (spec §9: prices are in dollars). */
export const VOUCHER_CURRENCY = 'USD';

/** The unit of a voucher's Value for its type: % for a percentage, the currency for money, none for Buy One Get One. */
export function valueUnit(typename: string | undefined): { symbol: string; words: string; after: boolean } | null {
  if (!typename || typename === NO_VALUE_TYPE) return null;
  if (typename === PERCENTAGE_TYPE) return { symbol: '%', words: 'percent', after: true };
  return { symbol: '$', words: 'US dollars', after: false };
}
export const READY = 1;
export const REDEEMED = 2;

/** GET /api/voucher-types */
export const VoucherType = v.object({ vouchertypeid: v.number(), typename: v.string() });
export type VoucherType = v.InferOutput<typeof VoucherType>;
export const VoucherTypes = v.array(VoucherType);

/** A voucher template as the owner sees it (spec §3). value is a decimal string ("5.00"); dates YYYY-MM-DD. */
export const Voucher = v.object({
  voucherid: v.string(),
  title: v.string(),
  description: v.string(),
  vouchertypeid: v.number(),
  voucher_type: v.string(),
  value: v.string(),
  rules: v.string(),
  startdate: v.string(),
  enddate: v.string(),
  isactive: v.boolean(),
  deletedat: v.nullable(v.string()),
  deleted_by_email: v.nullable(v.string()),
  /** How many customers claimed it, and how many of those were redeemed (the list's extra columns). */
  issued_count: v.optional(v.number(), 0),
  redeemed_count: v.optional(v.number(), 0),
});
export type Voucher = v.InferOutput<typeof Voucher>;
export const Vouchers = v.array(Voucher);

/** GET /api/businesses/me/vouchers?status=active|archived (default active). */
export const VoucherListQuery = v.object({
  status: v.optional(v.picklist(['active', 'archived'], 'Status must be active or archived.'), 'active'),
});

const day = (requiredMessage: string, label: string) =>
  v.optional(
    v.pipe(
      v.string(requiredMessage),
      v.trim(),
      v.nonEmpty(requiredMessage),
      v.check(isCalendarDay, `${label} must be a date (YYYY-MM-DD).`),
      v.check(isDayInRange, `${label} must be ${YEAR_RANGE_TEXT}.`),
    ),
    '',
  );

const DECIMAL = /^\d{1,8}(\.\d{1,2})?$/;

/** A number or a decimal text, at least 0, at most 2 decimals: normalised to "12.50". */
const Value = v.pipe(
  v.optional(v.union([v.number(), v.string()], VOUCHER_FIELD_TEXTS.valueInvalid), ''),
  v.transform((input) => (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'x') : input.trim())),
  v.nonEmpty(VOUCHER_FIELD_TEXTS.valueRequired),
  v.check((text) => /^\d+(\.\d+)?$/.test(text) && !/\.\d{3,}$/.test(text), VOUCHER_FIELD_TEXTS.valueInvalid),
  v.check((text) => DECIMAL.test(text), VOUCHER_FIELD_TEXTS.valueTooLarge),
  v.transform((text) => Number(text).toFixed(2)),
);

const VoucherTypeId = v.pipe(
  v.optional(v.union([v.number(), v.string()], VOUCHER_FIELD_TEXTS.typeRequired), ''),
  v.transform((input) => (typeof input === 'number' ? input : input.trim() === '' ? Number.NaN : Number(input))),
  v.check((id) => Number.isInteger(id) && id > 0 && id <= MAX_INT_ID, VOUCHER_FIELD_TEXTS.typeRequired),
);

/**
 * POST /api/businesses/{id}/vouchers and PUT /api/vouchers/{id} (spec §5): title (at least 5), description,
 * type, value, rules, start and end dates (start ≤ end), active (default true). Each failure names its field.
 */
export const VoucherRequest = v.pipe(
  v.object({
    title: v.pipe(
      requiredText('Title', 120),
      v.check((text) => text.length >= TITLE_MIN_LENGTH, VOUCHER_FIELD_TEXTS.titleShort),
    ),
    description: requiredMultiLineText('Description', 1000),
    vouchertypeid: VoucherTypeId,
    value: Value,
    rules: requiredMultiLineText('Rules', 2000),
    startdate: day(VOUCHER_FIELD_TEXTS.startRequired, 'Start date'),
    enddate: day(VOUCHER_FIELD_TEXTS.endRequired, 'End date'),
    isactive: v.optional(v.boolean('Active must be true or false.'), true),
  }),
  v.forward(
    v.partialCheck(
      [['startdate'], ['enddate']],
      ({ startdate, enddate }) => startdate <= enddate,
      VOUCHER_FIELD_TEXTS.endBeforeStart,
    ),
    ['enddate'],
  ),
);
export type VoucherRequest = v.InferInput<typeof VoucherRequest>;
export type VoucherInput = v.InferOutput<typeof VoucherRequest>;

/** GET /api/redeem/lookup/{code} (spec §3): statusid 1 = ready to redeem, anything else = redeemed. */
export const IssuedVoucherLookup = v.object({
  issuedvoucherid: v.string(),
  title: v.string(),
  description: v.string(),
  customer_email: v.string(),
  issuedvoucherstatusid: v.number(),
  /** When it was redeemed (null while ready): the counter can tell the customer. */
  redeemedat: v.optional(v.nullable(v.string()), null),
  /** The first name of the team member who redeemed it (decision 026); null while ready or unknown. */
  redeemedby: v.optional(v.nullable(v.string()), null),
});
export type IssuedVoucherLookup = v.InferOutput<typeof IssuedVoucherLookup>;

/** POST /api/issued-vouchers/{id}/redeem */
export const RedeemResponse = v.object({
  message: v.string(),
  /** The redeemer's first name, for "by {name}" (decision 026). */
  redeemedby: v.optional(v.string()),
});
export type RedeemResponse = v.InferOutput<typeof RedeemResponse>;

export const REDEEM_TEXTS = {
  redeemed: (title: string) => `Voucher redeemed: ${title}.`,
  alreadyRedeemed: 'This voucher has already been redeemed.',
  notFound: 'No voucher found with that code.',
  codeRequired: 'Please enter a voucher code.',
  tooManyLookups: 'Too many codes that were not found. Please wait a few minutes and try again.',
} as const;

/** A voucher a customer holds (GET /api/customer/vouchers, POST .../claim). */
export const IssuedVoucher = v.object({
  issuedvoucherid: v.string(),
  voucherid: v.string(),
  businessid: v.string(),
  businessname: v.string(),
  code: v.string(),
  title: v.string(),
  description: v.string(),
  voucher_type: v.string(),
  value: v.string(),
  rules: v.string(),
  startdate: v.string(),
  enddate: v.string(),
  /** 'ready' or 'redeemed'; issuedvoucherstatusid is the same as a number (1, 2). */
  status: v.picklist(['ready', 'redeemed']),
  issuedvoucherstatusid: v.number(),
  issuedat: v.string(),
  redeemedat: v.nullable(v.string()),
});
export type IssuedVoucher = v.InferOutput<typeof IssuedVoucher>;
export const IssuedVouchers = v.array(IssuedVoucher);

export const CLAIM_TEXTS = {
  notAvailable: 'This voucher is not available right now.',
  archived: 'This voucher is no longer available.',
  notStarted: (startdate: string) => `This voucher can be claimed from ${startdate}.`,
  expired: 'This voucher has expired.',
} as const;

/** The QR deep link the mobile app opens: `<scheme>://claim-voucher/{voucherid}`. */
export const claimVoucherLink = (scheme: string, voucherid: string) => `${scheme}://claim-voucher/${voucherid}`;
