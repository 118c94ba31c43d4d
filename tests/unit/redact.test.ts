/** The development inspector must never show secrets, however deep an actor's input nests them. */
import { describe, expect, it } from 'vitest';
import { redact } from '#src/lib/redact.ts';

describe('redact', () => {
  it('masks every secret key at any depth and leaves the rest', () => {
    const event = {
      type: '@xstate.snapshot',
      snapshot: {
        context: {
          email: 'owner@demo.local',
          password: 'DemoOwner#2026',
          nested: [{ newPassword: 'x', confirmPassword: 'x' }],
        },
      },
      input: { token: 'reset-token', session: { accessToken: 'a', idToken: 'i', refreshToken: 'r' } },
    };
    const text = JSON.stringify(redact(event));
    for (const secret of ['DemoOwner#2026', 'reset-token', '"a"', '"i"', '"r"', '"x"'])
      expect(text).not.toContain(secret);
    expect(text).toContain('owner@demo.local');
    expect(text).toContain('@xstate.snapshot');
  });
});
