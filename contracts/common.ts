import * as v from 'valibot';
import { hasControlCharacters, isBlank } from './text.ts';

/** Every error the API answers with: a 4xx/5xx status and this body. */
export const ErrorBody = v.object({ message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** A plain acknowledgement that carries a human-readable message. */
export const MessageBody = v.object({ message: v.string() });
export type MessageBody = v.InferOutput<typeof MessageBody>;

// --- Dates and numbers: the range a person could mean -------------------------------------------

/**
 * Every date and timestamp the API takes lies in these years (inclusive). Past them a date means a typo
 * or an attack (year 0, 9999-12-31 whose next day PostgreSQL cannot hold), and it is refused at the
 * contract with the field's name, before any query.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
export const YEAR_RANGE_TEXT = `between ${MIN_YEAR}-01-01 and ${MAX_YEAR}-12-31`;

/** A real calendar day "YYYY-MM-DD" (no 30 February) within MIN_YEAR..MAX_YEAR. */
export const isCalendarDay = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};
export const isDayInRange = (text: string): boolean => {
  const year = Number(text.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
/** An instant whose UTC year is within MIN_YEAR..MAX_YEAR. */
export const isInstantInRange = (date: Date): boolean => {
  const year = date.getUTCFullYear();
  return !Number.isNaN(year) && year >= MIN_YEAR && year <= MAX_YEAR;
};

/** The largest id a PostgreSQL `integer` column holds: larger ids are refused, never sent to a query. */
export const MAX_INT_ID = 2_147_483_647;

// --- Ids ------------------------------------------------------------------------------------------

/** The shape of every id the API hands out (a UUID, any case on the way in; answered lower-case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string): boolean => UUID.test(text);

/**
 * What the API answers (404) when an id names nothing the caller may see: one sentence per kind of row.
 * A malformed id, an unknown one and another business's (or customer's) get exactly the same answer,
 * so an id reveals nothing. A new kind of row adds its line here (server/lib/ids.ts reads it).
 */
export const NOT_FOUND = {
  business: 'Business not found.',
  follower: 'Follower not found.',
  voucher: 'Voucher not found.',
  issuedVoucher: 'Voucher not found.',
  conversation: 'Conversation not found.',
  resource: 'Resource not found.',
  rule: 'Schedule rule not found.',
  closure: 'Closure not found.',
  post: 'Post not found.',
  booking: 'Booking not found.',
  member: 'Team member not found.',
  invitation: 'Invitation not found.',
  /** The caller's own records: an owner without a business, a user or customer without a profile. */
  ownBusiness: 'No business profile found.',
  ownUser: 'No user profile found.',
  ownCustomer: 'No customer profile found.',
  /** A path the API does not have (an unknown route, a media key that was never stored). */
  path: 'Not found.',
} as const;
export type RowKind = keyof typeof NOT_FOUND;

/**
 * A missing key is treated as an empty value, so the caller reads the field's own message
 * ("Email is required.") instead of a schema error.
 */
const present = <S extends v.GenericSchema<string, any>>(schema: S) => v.optional(schema, '');

// --- Text rules: every text field of every contract is built from these blocks. ----------------
// Input contracts are named *Request, *Update or *Query: tests/unit/contract-inputs.test.ts checks
// that each of their fields refuses control characters.

export { hasControlCharacters, isBlank } from './text.ts';

const noControls = (label: string, multiLine: boolean) =>
  v.check<string, string>(
    (text) => !hasControlCharacters(text, { multiLine }),
    `${label} must not contain control characters.`,
  );

const foldLineBreaks = v.transform<string, string>((text) => text.replace(/\r\n?/g, '\n'));

const tooLong = (label: string, max: number) =>
  v.maxLength<string, number, string>(max, `${label} must be at most ${max} characters.`);

/** Optional fields: absent, null or blank all mean "no value" (null). */
const blankToNull = v.transform<string, string | null>((text) => (isBlank(text) ? null : text));

/**
 * A search box's `q` (the booking form's customer search, the followers list): no control characters,
 * trimmed, at most 100 characters, at least `min` (0: an empty `q` means no search). Wrap it in
 * `v.optional`.
 */
export const searchText = (min: number) =>
  v.pipe(
    v.string('q must be text.'),
    v.check((q) => !hasControlCharacters(q), 'q must not contain control characters.'),
    v.trim(),
    v.minLength(min, `q must be at least ${min} characters.`),
    v.maxLength(100, 'q must be at most 100 characters.'),
  );

/** A required one-line text (a name, a title): trimmed; blank or invisible-only is "required". */
export const requiredText = (label: string, max = 200) =>
  present(
    v.pipe(
      v.string(`${label} is required.`),
      noControls(label, false),
      v.trim(),
      v.check((text) => !isBlank(text), `${label} is required.`),
      tooLong(label, max),
    ),
  );

/** An optional one-line text: trimmed; absent, null or blank becomes null. */
export const singleLineText = (label: string, max = 200) =>
  v.optional(
    v.nullable(
      v.pipe(v.string(`${label} must be text.`), noControls(label, false), v.trim(), tooLong(label, max), blankToNull),
    ),
    null,
  );

/** A required text of several lines (a post, a description): newline and tab allowed. */
export const requiredMultiLineText = (label: string, max = 2000) =>
  present(
    v.pipe(
      v.string(`${label} is required.`),
      foldLineBreaks,
      noControls(label, true),
      v.trim(),
      v.check((text) => !isBlank(text), `${label} is required.`),
      tooLong(label, max),
    ),
  );

/** An optional text of several lines; absent, null or blank becomes null. */
export const multiLineText = (label: string, max = 2000) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} must be text.`),
        foldLineBreaks,
        noControls(label, true),
        v.trim(),
        tooLong(label, max),
        blankToNull,
      ),
    ),
    null,
  );

const isHttpUrl = (text: string) => {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * An optional web address: only http:// and https:// (never javascript:, data:, file:, ...), since
 * it ends up in an href or src. Absent, null or blank becomes null.
 */
export const httpUrl = (label: string, max = 2048) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} must be text.`),
        noControls(label, false),
        v.trim(),
        tooLong(label, max),
        blankToNull,
        v.check(
          (text) => text === null || isHttpUrl(text),
          `${label} must be a web address starting with http:// or https://.`,
        ),
      ),
    ),
    null,
  );

// --- Account fields ------------------------------------------------------------------------------

export const Email = present(
  v.pipe(
    v.string('Email is required.'),
    v.trim(),
    v.nonEmpty('Email is required.'),
    v.maxLength(254, 'Email is too long.'),
    v.email('Please enter a valid email address.'),
    v.toLowerCase(),
  ),
);

// The password rule lives in contracts/password.ts; these names stay for existing importers.
export { PASSWORD_MIN_LENGTH, Password } from './password.ts';
