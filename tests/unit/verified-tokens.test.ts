// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { verifiedTokens } from '../../server/identity/verified-tokens.ts';

/** The verified-token cache on its own (server/identity/verified-tokens.ts, decision 029). */

const at = (ms: number) => new Date(ms);
const EXP = 1_800_000_000_000; // a token's exp × 1000

describe('verified tokens', () => {
  it('gives back what was remembered until the second of the expiry, then forgets it', () => {
    const cache = verifiedTokens<{ sub: string }>();
    cache.remember('token-a', { sub: 'a' }, EXP);
    expect(cache.get('token-a', at(EXP - 1001))).toEqual({ sub: 'a' });
    expect(cache.get('token-a', at(EXP - 1))).toEqual({ sub: 'a' });
    expect(cache.get('token-b', at(EXP - 1))).toBeUndefined();
    // jose's rule: exp (seconds) <= the clock's whole second is expired.
    expect(cache.get('token-a', at(EXP))).toBeUndefined();
    expect(cache.size).toBe(0);
    // Gone for good: an earlier clock (a test moving time back) does not bring it back.
    expect(cache.get('token-a', at(EXP - 5000))).toBeUndefined();
  });

  it('holds at most its bound, dropping the least recently used first', () => {
    const cache = verifiedTokens<number>(3);
    for (const n of [1, 2, 3]) cache.remember(`token-${n}`, n, EXP);
    expect(cache.get('token-1', at(0))).toBe(1); // 1 is now the most recently used
    cache.remember('token-4', 4, EXP); // 2 goes
    cache.remember('token-5', 5, EXP); // 3 goes
    expect(cache.size).toBe(3);
    expect(['token-1', 'token-2', 'token-3', 'token-4', 'token-5'].map((t) => cache.get(t, at(0)))).toEqual([
      1,
      undefined,
      undefined,
      4,
      5,
    ]);
    for (let n = 0; n < 1000; n++) cache.remember(`many-${n}`, n, EXP);
    expect(cache.size).toBe(3);
  });

  it('remembering a token again replaces its entry rather than adding one', () => {
    const cache = verifiedTokens<string>(2);
    cache.remember('token-a', 'first', EXP);
    cache.remember('token-a', 'second', EXP + 60_000);
    expect(cache.size).toBe(1);
    expect(cache.get('token-a', at(EXP))).toBe('second');
  });
});
