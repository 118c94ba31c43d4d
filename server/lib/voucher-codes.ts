import { randomInt } from 'node:crypto';

/**
 * Voucher codes a person reads aloud and types at a counter: three groups of three, e.g. "K7M-4QX-9RT",
 * drawn from a CSPRNG (crypto.randomInt, unbiased) over 31 symbols that have no look-alikes: no 0/O and
 * no 1/I/L. Codes are random, never sequential; uniqueness is the database's unique index (the caller
 * retries on the rare collision).
 *
 * Entropy: 9 symbols × log2(31) ≈ 9 × 4.954 = 44.6 bits (31^9 ≈ 2.64 × 10^13 codes). With failed lookups
 * limited to 20 per 10 minutes per business, guessing one of 10,000 live codes takes ~1.3 × 10^8 years
 * of the limit on average.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_GROUPS = 3;
export const CODE_GROUP_LENGTH = 3;
export const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{3}-[${CODE_ALPHABET}]{3}-[${CODE_ALPHABET}]{3}$`);
export const CODE_ENTROPY_BITS = CODE_GROUPS * CODE_GROUP_LENGTH * Math.log2(CODE_ALPHABET.length);

export function newVoucherCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < CODE_GROUPS; g++) {
    let group = '';
    for (let i = 0; i < CODE_GROUP_LENGTH; i++) group += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * What the counter typed, as the server looks it up: trimmed, upper-cased, inner spaces dropped, and the
 * dashes put back when someone typed the nine symbols without them ("k7m 4qx 9rt" finds K7M-4QX-9RT).
 */
export function normaliseCode(typed: string): string {
  const compact = typed.trim().toUpperCase().replace(/\s+/g, '');
  if (/^[A-Z0-9]{9}$/.test(compact)) return `${compact.slice(0, 3)}-${compact.slice(3, 6)}-${compact.slice(6)}`;
  return compact;
}
