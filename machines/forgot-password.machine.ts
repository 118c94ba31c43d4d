/**
 * The Forgot Password modal of the Login page (spec §2 Login, §8 Password reset). The answer never says
 * whether the account exists, so success always reads the same.
 */
import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { PasswordResetRequest } from '#contracts/account.ts';
import { failureText, notProvided } from './lib/effects.ts';

export const forgotPasswordMessages = {
  title: 'Forgot Password',
  sentTitle: 'Check Your Email',
  sent: "If an account with that email exists, we've sent you a password reset link.",
  failed: 'Failed to send reset email',
  network: 'Network error. Please try again.',
} as const;

export interface ForgotPasswordContext {
  /** Pre-filled into the email field when the modal opens. */
  email: string;
  error: string | null;
}

export type ForgotPasswordEvent =
  | { type: 'forgotPassword.open'; email?: string }
  | { type: 'forgotPassword.close' }
  | { type: 'forgotPassword.submit'; email: string };

const emailIssue = (email: unknown) => {
  const result = v.safeParse(PasswordResetRequest, { email });
  return result.success ? null : (result.issues[0]?.message ?? forgotPasswordMessages.failed);
};

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent, tags: {} as 'busy' | 'error' },
  actors: { requestPasswordReset: notProvided<void, { email: string }>('requestPasswordReset') },
  actions: {
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: {
    emailIsValid: ({ event }) => event.type === 'forgotPassword.submit' && emailIssue(event.email) === null,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The Login page without the modal',
      on: {
        'forgotPassword.open': {
          target: 'open',
          actions: assign({ email: ({ event }) => event.email?.trim() ?? '' }),
          description:
            'Press "Forgot password?" on the Login page; the Email field holds what was typed on the Login form',
        },
      },
    },
    open: {
      description: 'The "Forgot Password" dialog is open',
      initial: 'form',
      on: {
        'forgotPassword.close': { target: 'closed', description: 'Press "Cancel" or "Close", or press Escape' },
      },
      states: {
        form: {
          description: 'The dialog shows its Email field',
          initial: 'editing',
          on: {
            'forgotPassword.submit': [
              {
                guard: 'emailIsValid',
                target: '#forgotPassword.open.sending',
                actions: assign({ email: ({ event }) => event.email.trim() }),
                description: 'Type your email address and press "Send Reset Link"',
              },
              {
                target: '.invalid',
                actions: {
                  type: 'setError',
                  params: ({ event }) => ({ message: emailIssue(event.email) ?? forgotPasswordMessages.failed }),
                },
                description: 'Press "Send Reset Link" with the email empty or not an email address',
              },
            ],
          },
          states: {
            editing: {
              description: 'Dialog "Forgot Password" with an Email field and a "Send Reset Link" button',
              entry: 'clearError',
            },
            invalid: { description: 'The dialog shows an alert about the email address', tags: ['error'] },
            failed: { description: 'The dialog shows why the email could not be sent, in an alert', tags: ['error'] },
          },
        },
        sending: {
          description: 'A "Sending…" status is shown and "Send Reset Link" is disabled',
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'requestPasswordReset',
            src: 'requestPasswordReset',
            input: ({ event }) => {
              assertEvent(event, 'forgotPassword.submit');
              return { email: event.email.trim() };
            },
            onDone: { target: 'sent', description: 'The server accepts the request' },
            onError: {
              target: 'form.failed',
              actions: {
                type: 'setError',
                params: ({ event }) => ({
                  message: failureText(event.error, forgotPasswordMessages.failed, forgotPasswordMessages.network),
                }),
              },
              description: 'The request fails (server error or no connection)',
            },
          },
        },
        sent: {
          description: `The dialog title becomes "Check Your Email" and it says "${forgotPasswordMessages.sent}"`,
        },
      },
    },
  },
});
