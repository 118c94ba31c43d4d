/**
 * The one password rule of the product, shared by the register and reset forms, the API, the identity
 * provider's NEW_PASSWORD_REQUIRED answer and the users CLI. One plain message per rule.
 */
import * as v from 'valibot';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { hasControlCharacters, isBlank } from './text.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** Not a policy a person meets: a bound on the work one sign-in costs. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  required: 'Password is required.',
  tooShort: 'Use at least 8 characters.',
  tooCommon: 'This password is too common. Choose one that is harder to guess.',
  sameAsEmail: "Don't use your e-mail address as your password.",
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  controlCharacters: 'Password must not contain control characters.',
} as const;

let common: Set<string> | undefined;

/**
 * On the list of the 10,000 most common passwords of breach corpora (contracts/common-passwords.ts),
 * whatever the letter case; or one character repeated ("aaaaaaaa"), or nothing visible (eight spaces).
 */
export function isCommonPassword(password: string): boolean {
  if (isBlank(password) || /^(.)\1*$/su.test(password)) return true;
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(password.toLowerCase());
}

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
const length = (password: string) => [...password].length;

/** The password is the e-mail address (ignoring case and surrounding spaces). */
export const isSameAsEmail = (password: string, email: string) =>
  email.trim() !== '' && password.trim().toLowerCase() === email.trim().toLowerCase();

/** The first rule `password` breaks, as the message to show; undefined when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | undefined {
  if (password === '') return PASSWORD_MESSAGES.required;
  if (length(password) < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length(password) > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (hasControlCharacters(password)) return PASSWORD_MESSAGES.controlCharacters;
  if (email !== undefined && isSameAsEmail(password, email)) return PASSWORD_MESSAGES.sameAsEmail;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  return undefined;
}

/**
 * A password field. A missing key reads as empty, so the caller gets "Password is required.". The
 * e-mail rule needs the e-mail: check it in the object's pipe (contracts/account.ts), or with
 * `passwordProblem(password, email)` where only the server knows the e-mail (reset links).
 */
export const Password = v.optional(
  v.pipe(
    v.string(PASSWORD_MESSAGES.required),
    v.nonEmpty(PASSWORD_MESSAGES.required),
    v.check((password) => length(password) >= PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort),
    v.check((password) => length(password) <= PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
    v.check((password) => !hasControlCharacters(password), PASSWORD_MESSAGES.controlCharacters),
    v.check((password) => !isCommonPassword(password), PASSWORD_MESSAGES.tooCommon),
  ),
  '',
);
