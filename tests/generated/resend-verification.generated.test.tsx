/**
 * Every transition of "Resend verification email" through the real component with its Email field (as on
 * a failed verification link). Its button-only form on the Login page is played by the signIn paths and
 * tests/unit/auth-flows.test.tsx.
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type ResendVerificationInput,
  resendVerificationMessages as text,
} from '#machines/resend-verification.machine.ts';
import { resendVerificationEntry } from '#machines/samples/account.samples.ts';
import { ResendVerification } from '#src/features/auth/resend-verification.tsx';
import { describeFlow } from '#tests/generated/harness.tsx';

const button = () => screen.getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const statusText = () => screen.getByRole('status').textContent;

function expectReady(error: string | null, status: string) {
  expect(alertText()).toBe(error);
  expect(statusText()).toBe(status);
  expect(button().disabled).toBe(false);
}

describeFlow(resendVerificationEntry, {
  render: (hooks, flow) => (
    <ResendVerification email={(flow.path.input as ResendVerificationInput).email} askEmail {...hooks} />
  ),
  perform: {
    'resendVerification.submit': (e: { email: string }, flow) => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: e.email } });
      flow.memo.typed = e.email;
      fireEvent.click(button());
    },
  },
  expectUi: {
    'ready.idle': () => {
      expectReady(null, '');
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
      screen.getByRole('form', { name: 'Get a new verification link' });
    },
    'ready.invalid': (s) => expectReady(s.context.error, ''),
    'ready.failed': (s) => expectReady(s.context.error, ''),
    // The same words whether or not the account exists.
    'ready.sent': () => expectReady(null, text.sent),
    sending: (_s, flow) => {
      expect(statusText()).toBe('Sending…');
      expect(button().disabled).toBe(true);
      expect(flow.fakes.resendVerification!.inputs.at(-1)).toEqual({ email: String(flow.memo.typed).trim() });
    },
  },
});
