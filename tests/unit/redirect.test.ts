/** safeRedirect: the `redirect` query parameter can be crafted by anyone; only a path of this origin may pass. */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '#src/app/redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/vouchers/redeem?code=ABC', '/vouchers/redeem?code=ABC'],
    ['/customers#list', '/customers#list'],
    ['/bookings/./calendar', '/bookings/calendar'],
    ['/vouchers/../customers', '/customers'],
    ['/%2e%2e/customers', '/customers'],
    ['/..%2f%2fevil.example', '/..%2f%2fevil.example'],
    // a path whose first segment happens to read "javascript:" is still just a path here
    ['/javascript:alert(1)//', '/javascript:alert(1)//'],
  ])('keeps the same-origin path %s as %s (after normalisation)', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    // other hosts, directly
    '//evil.example',
    '//evil.example/x',
    'https://evil.example',
    'http:evil.example',
    // other hosts after dot-segment normalisation
    '/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/x/../..//evil.example',
    // backslashes, which browsers read as slashes
    '/\\evil.example',
    '\\\\evil.example',
    '/..\\\\evil.example',
    // encoded slashes and backslashes in front
    '/%2F%2Fevil.example',
    '/%2fevil.example',
    '/%5C%5Cevil.example',
    // control characters and white space, which browsers strip before parsing
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u0000//evil.example',
    ' //evil.example',
    // other schemes and non-paths
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vouchers',
    '',
    null,
    undefined,
    // a sign-in that would land on the sign-in page again
    '/login?redirect=%2F',
  ])('sends %j to / instead', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('never returns anything a browser would read as another origin', () => {
    const samples = ['/..//a', '/./\\a', '/%2e%2e/%2e%2e//a', '/a/b/../../..//c', '/\\/a', '/%09//a'];
    for (const sample of samples) {
      const result = safeRedirect(sample);
      expect(new URL(result, 'https://portal.example').origin).toBe('https://portal.example');
      expect(result.startsWith('//')).toBe(false);
    }
  });
});
