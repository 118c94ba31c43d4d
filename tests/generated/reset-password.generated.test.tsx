/** Every transition of the reset-password machine through the real /reset-password page. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import { type ResetPasswordInput, resetPasswordMessages as text } from '#machines/reset-password.machine.ts';
import { resetPasswordEntry } from '#machines/samples/account.samples.ts';
import { ResetPasswordPage } from '#src/features/auth/index.ts';
import { controllable, describeFlow, type Flow } from '#tests/generated/harness.tsx';

const tokenOf = (flow: Flow) => (flow.path.input as ResetPasswordInput).token;
const form = () => screen.getByRole('form', { name: 'Reset your password' });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const submitButton = () => screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement;
const expectStillHere = (flow: Flow) => expect(flow.location()).not.toBe('/login');

/** A link that cannot be used: the reason, a way to a new link and the way back; no form to type into. */
function expectRefused(flow: Flow, error: string) {
  expect(alertText()).toBe(error);
  expect(screen.queryByRole('form', { name: 'Reset your password' })).toBeNull();
  expect(screen.queryByLabelText('New Password')).toBeNull();
  screen.getByRole('button', { name: 'Back to Login' });
  // "Request a new link" opens the Forgot Password dialog right here.
  fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
  within(screen.getByRole('dialog', { name: 'Forgot Password' })).getByLabelText('Email');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expectStillHere(flow);
}

function expectForm(flow: Flow, error: string | null) {
  expect(alertText()).toBe(error);
  expect(submitButton().disabled).toBe(false);
  screen.getByRole('button', { name: 'Back to Login' });
  expectStillHere(flow);
}

describeFlow(resetPasswordEntry, {
  url: (path) => {
    const { token } = path.input as ResetPasswordInput;
    return token ? `/reset-password?token=${token}` : '/reset-password';
  },
  render: (hooks) => {
    const requestPasswordReset = controllable<void, { email: string }>();
    const forgot = forgotPasswordMachine.provide({ actors: { requestPasswordReset: requestPasswordReset.logic } });
    return <ResetPasswordPage {...hooks} forgotPassword={{ logic: forgot }} />;
  },
  perform: {
    'resetPassword.submit': (e, flow) => {
      fireEvent.change(screen.getByLabelText('New Password'), { target: { value: e.newPassword } });
      fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: e.confirmPassword } });
      flow.memo.typed = e.newPassword;
      fireEvent.click(submitButton());
    },
    'resetPassword.backToLogin': () => fireEvent.click(screen.getByRole('button', { name: 'Back to Login' })),
  },
  expectUi: {
    missingToken: (_s, flow) => {
      expectRefused(flow, text.missingToken);
      expect(flow.fakes.checkResetToken!.calls).toBe(0);
    },
    checking: (_s, flow) => {
      expect(screen.getByRole('status').textContent).toBe('Checking your reset link…');
      expect(screen.queryByLabelText('New Password')).toBeNull();
      expect(flow.fakes.checkResetToken!.inputs).toEqual([{ token: tokenOf(flow) }]);
      expect(document.body.textContent).not.toContain(tokenOf(flow));
    },
    unusable: (s, flow) => expectRefused(flow, s.context.error),
    'form.editing': (_s, flow) => expectForm(flow, null),
    'form.invalid': (s, flow) => expectForm(flow, s.context.error),
    'form.failed': (s, flow) => expectForm(flow, s.context.error),
    submitting: (_s, flow) => {
      expect(within(form()).getByRole('status').textContent).toBe('Resetting your password…');
      expect(submitButton().disabled).toBe(true);
      expect(flow.fakes.resetPassword!.inputs.at(-1)).toEqual({ token: tokenOf(flow), newPassword: flow.memo.typed });
      expect(document.body.textContent).not.toContain(tokenOf(flow));
    },
    succeeded: (_s, flow) => {
      screen.getByRole('heading', { name: text.success });
      expect(screen.getByRole('status').textContent).toBe('Taking you to the login page in 3 seconds…');
      expectStillHere(flow);
    },
    redirected: (_s, flow) => expect(flow.location()).toBe('/login'),
  },
});
