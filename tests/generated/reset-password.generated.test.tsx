/** Every transition of the reset-password machine through the real /reset-password page. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import {
  type ResetPasswordInput,
  resetPasswordMachine,
  resetPasswordMessages as text,
} from '#machines/reset-password.machine.ts';
import { resetPasswordEntry } from '#machines/samples/account.samples.ts';
import { ResetPasswordPage } from '#src/features/auth/index.ts';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

function mount(path: { input?: unknown }) {
  const { token } = path.input as ResetPasswordInput;
  const checkResetToken = controllable<void, { token: string }>();
  const resetPassword = controllable<void, { token: string; newPassword: string }>();
  const requestPasswordReset = controllable<void, { email: string }>();
  const clock = new SimulatedClock();
  const rec = recorder();
  const memory = memoryLocation({ path: token ? `/reset-password?token=${token}` : '/reset-password', record: true });
  render(
    <Router hook={memory.hook}>
      <ResetPasswordPage
        logic={resetPasswordMachine.provide({
          actors: { checkResetToken: checkResetToken.logic, resetPassword: resetPassword.logic },
        })}
        options={{ clock, inspect: rec.inspect }}
        forgotPassword={{
          logic: forgotPasswordMachine.provide({ actors: { requestPasswordReset: requestPasswordReset.logic } }),
        }}
      />
    </Router>,
  );
  const m = { fakes: { checkResetToken, resetPassword }, clock, recorder: rec, memory, token, typed: '' };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

const form = () => screen.getByRole('form', { name: 'Reset your password' });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const submitButton = () => screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement;
const expectStillHere = (m: M) => expect(m.memory.history.at(-1)).not.toBe('/login');

/** A link that cannot be used: the reason, a way to a new link and the way back; no form to type into. */
function expectRefused(m: M, error: string) {
  expect(alertText()).toBe(error);
  expect(screen.queryByRole('form', { name: 'Reset your password' })).toBeNull();
  expect(screen.queryByLabelText('New Password')).toBeNull();
  screen.getByRole('button', { name: 'Back to Login' });
  // "Request a new link" opens the Forgot Password dialog right here.
  fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
  within(screen.getByRole('dialog', { name: 'Forgot Password' })).getByLabelText('Email');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expectStillHere(m);
}

function expectForm(m: M, error: string | null) {
  expect(alertText()).toBe(error);
  expect(submitButton().disabled).toBe(false);
  screen.getByRole('button', { name: 'Back to Login' });
  expectStillHere(m);
}

describeMachinePaths(resetPasswordEntry, {
  mount,
  perform: {
    'resetPassword.submit': (e, m: M) => {
      fireEvent.change(screen.getByLabelText('New Password'), { target: { value: e.newPassword } });
      fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: e.confirmPassword } });
      m.typed = e.newPassword;
      fireEvent.click(submitButton());
    },
    'resetPassword.backToLogin': () => fireEvent.click(screen.getByRole('button', { name: 'Back to Login' })),
  },
  expectUi: {
    missingToken: (_s, m: M) => {
      expectRefused(m, text.missingToken);
      expect(m.fakes.checkResetToken.calls).toBe(0);
    },
    checking: (_s, m: M) => {
      expect(screen.getByRole('status').textContent).toBe('Checking your reset link…');
      expect(screen.queryByLabelText('New Password')).toBeNull();
      expect(m.fakes.checkResetToken.inputs).toEqual([{ token: m.token }]);
      expect(document.body.textContent).not.toContain(m.token);
    },
    unusable: (s, m: M) => expectRefused(m, s.context.error),
    'form.editing': (_s, m: M) => expectForm(m, null),
    'form.invalid': (s, m: M) => expectForm(m, s.context.error),
    'form.failed': (s, m: M) => expectForm(m, s.context.error),
    submitting: (_s, m: M) => {
      expect(within(form()).getByRole('status').textContent).toBe('Resetting your password…');
      expect(submitButton().disabled).toBe(true);
      expect(m.fakes.resetPassword.inputs.at(-1)).toEqual({ token: m.token, newPassword: m.typed });
      expect(document.body.textContent).not.toContain(m.token);
    },
    succeeded: (_s, m: M) => {
      screen.getByRole('heading', { name: text.success });
      expect(screen.getByRole('status').textContent).toBe('Taking you to the login page in 3 seconds…');
      expectStillHere(m);
    },
    redirected: (_s, m: M) => expect(m.memory.history.at(-1)).toBe('/login'),
  },
});
