/**
 * The /reset-password?token=… page: the link is checked as the page opens (a used or expired link says
 * so before anything is typed), then the owner chooses a new password and the Login page opens after 3 s
 * (spec §2 Reset password, §5, §8, §9).
 */
import { assertEvent, assign, setup } from 'xstate';
import { PASSWORD_MIN_LENGTH } from '#contracts/common.ts';
import { type Failure, failureText, notProvided } from './lib/effects.ts';

export const resetPasswordMessages = {
  mismatch: 'Passwords do not match.',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  missingToken: 'Invalid or missing reset token.',
  success: 'Password Reset Successful',
  failed: 'Failed to reset password',
  network: 'Network error. Please try again.',
  unusable: 'This password reset link cannot be used. Please request a new one.',
} as const;

export interface ResetPasswordInput {
  token: string | null;
}

export interface ResetPasswordContext {
  token: string | null;
  error: string | null;
}

export type ResetPasswordEvent =
  | { type: 'resetPassword.submit'; newPassword: string; confirmPassword: string }
  | { type: 'resetPassword.backToLogin' };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The server refused the link itself (unknown, used, expired: a 4xx other than "too many requests").
 * Without an answer (offline, server error, rate limit) the form is shown anyway: the reset says the rest.
 */
const refusesLink = (error: unknown) => {
  const status = (error as Partial<Failure> | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
};

export const resetPasswordMachine = setup({
  types: {
    input: {} as ResetPasswordInput,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    checkResetToken: notProvided<void, { token: string }>('checkResetToken'),
    resetPassword: notProvided<void, { token: string; newPassword: string }>('resetPassword'),
  },
  actions: {
    // Provided by the page: navigate to /login.
    goToLogin: () => {},
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    linkRefused: ({ event }) => refusesLink((event as { error?: unknown }).error),
    passwordsDiffer: ({ event }) =>
      event.type === 'resetPassword.submit' && text(event.newPassword) !== text(event.confirmPassword),
    tooShort: ({ event }) =>
      event.type === 'resetPassword.submit' && text(event.newPassword).length < PASSWORD_MIN_LENGTH,
  },
  delays: { loginRedirect: 3_000 },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token?.trim() || null, error: null }),
  initial: 'start',
  on: {
    'resetPassword.backToLogin': {
      target: '.redirected',
      actions: 'goToLogin',
      description: 'Press "Back to Login"',
    },
  },
  states: {
    start: {
      description: 'The page reads the token from the link (never shown on screen)',
      always: [
        { guard: 'hasToken', target: 'checking', description: 'Open the reset link from the email' },
        {
          target: 'missingToken',
          actions: { type: 'setError', params: { message: resetPasswordMessages.missingToken } },
          description: 'Open /reset-password without a token',
        },
      ],
    },
    missingToken: {
      description: `An alert "${resetPasswordMessages.missingToken}", a "Request a new link" button and a "Back to Login" button; no form`,
      tags: ['error'],
    },
    checking: {
      description: 'A "Checking your reset link…" status is shown while the server looks at the link; no form yet',
      tags: ['busy'],
      invoke: {
        id: 'checkResetToken',
        src: 'checkResetToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'form', description: 'The server says the link can be used' },
        onError: [
          {
            guard: 'linkRefused',
            target: 'unusable',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ message: failureText(event.error, resetPasswordMessages.unusable) }),
            },
            description: 'The server says the link is unknown, already used or expired',
          },
          {
            target: 'form',
            description: 'The check gets no answer (no connection or a server error); the form is shown anyway',
          },
        ],
      },
    },
    unusable: {
      description:
        'An alert with the reason the link cannot be used, a "Request a new link" button and a "Back to Login" button; no form',
      tags: ['error'],
    },
    form: {
      description: 'The "Reset Password" form (New Password, Confirm New Password) and a "Back to Login" button',
      initial: 'editing',
      on: {
        'resetPassword.submit': [
          {
            guard: 'passwordsDiffer',
            target: '.invalid',
            actions: { type: 'setError', params: { message: resetPasswordMessages.mismatch } },
            description: 'Type two different passwords and press "Reset Password"',
          },
          {
            guard: 'tooShort',
            target: '.invalid',
            actions: { type: 'setError', params: { message: resetPasswordMessages.tooShort } },
            description: 'Type the same password of fewer than 8 characters twice and press "Reset Password"',
          },
          {
            target: '#resetPassword.submitting',
            description: 'Type the same password of 8 or more characters twice and press "Reset Password"',
          },
        ],
      },
      states: {
        editing: { description: 'The form shows no error', entry: assign({ error: null }) },
        invalid: { description: 'The form shows an alert about the typed passwords', tags: ['error'] },
        failed: { description: 'The form shows why the password could not be reset, in an alert', tags: ['error'] },
      },
    },
    submitting: {
      description: 'A "Resetting…" status is shown and "Reset Password" is disabled',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'resetPassword.submit');
          return { token: context.token ?? '', newPassword: event.newPassword };
        },
        onDone: { target: 'succeeded', description: 'The server sets the new password' },
        onError: {
          target: 'form.failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({
              message: failureText(event.error, resetPasswordMessages.failed, resetPasswordMessages.network),
            }),
          },
          description: 'The reset fails (expired or used link, server error, or no connection)',
        },
      },
    },
    succeeded: {
      description: '"Password Reset Successful" and a note that the Login page opens in 3 seconds',
      after: {
        loginRedirect: { target: 'redirected', actions: 'goToLogin', description: 'Wait 3 seconds' },
      },
    },
    redirected: { description: 'The Login page opens', type: 'final' },
  },
});
