/**
 * Voucher codes: 10,000 issues are all in the ABC-123-XYZ shape, all different, use only symbols without
 * look-alikes, and use every symbol (no position stuck on a few); what the counter types is normalised.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_ENTROPY_BITS,
  CODE_PATTERN,
  newVoucherCode,
  normaliseCode,
} from '../../server/lib/voucher-codes.ts';

describe('voucher codes', () => {
  it('over 10,000 issues: the shape, no look-alikes, no repeats, every symbol in every position', () => {
    const codes = Array.from({ length: 10_000 }, newVoucherCode);
    expect(codes.every((code) => CODE_PATTERN.test(code))).toBe(true);
    expect(codes.some((code) => /[01OIL]/.test(code))).toBe(false);
    expect(new Set(codes).size).toBe(codes.length);
    for (let position = 0; position < 11; position++) {
      if (position === 3 || position === 7) continue;
      const seen = new Set(codes.map((code) => code[position]));
      expect(seen.size, `position ${position}`).toBe(CODE_ALPHABET.length);
    }
  });

  it('is not sequential: consecutive codes share no more symbols than chance', () => {
    const codes = Array.from({ length: 2_000 }, newVoucherCode).map((c) => c.replaceAll('-', ''));
    let same = 0;
    for (let i = 1; i < codes.length; i++) {
      for (let p = 0; p < 9; p++) if (codes[i]![p] === codes[i - 1]![p]) same++;
    }
    // Chance: 9/31 ≈ 0.29 equal symbols per pair; a counter would give ~8.
    expect(same / (codes.length - 1)).toBeLessThan(1);
  });

  it('has 31 symbols and about 44.6 bits of entropy', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(CODE_ENTROPY_BITS).toBeCloseTo(44.59, 1);
  });

  it('normalises what the counter typed: trimmed, upper-cased, spaces dropped, dashes restored', () => {
    expect(normaliseCode('  k7m-4qx-9rt ')).toBe('K7M-4QX-9RT');
    expect(normaliseCode('k7m 4qx 9rt')).toBe('K7M-4QX-9RT');
    expect(normaliseCode('K7M4QX9RT')).toBe('K7M-4QX-9RT');
    expect(normaliseCode('   ')).toBe('');
  });
});
