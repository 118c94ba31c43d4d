/**
 * "Resend verification email": a new verification link for an owner whose link expired, was lost or was
 * never opened. Offered on the failed /verify-email page (with an Email field) and under the "not
 * confirmed" sign-in error on the Login page (to the address just typed). The server answers the same
 * for every address, so success never says whether the account exists.
 */
import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { ResendVerificationRequest } from '#contracts/account.ts';
import { failureText, notProvided } from './lib/effects.ts';

export const resendVerificationMessages = {
  sent: "If that email belongs to an account that still needs verifying, we've sent a new verification link.",
  failed: 'Could not send a new verification email. Please try again.',
  network: 'Network error. Please try again.',
} as const;

export interface ResendVerificationInput {
  /** Pre-fills the Email field (or is the address the button sends to, on the Login page). */
  email?: string;
}

export interface ResendVerificationContext {
  email: string;
  error: string | null;
}

export type ResendVerificationEvent = { type: 'resendVerification.submit'; email: string };

const emailIssue = (email: unknown) => {
  const result = v.safeParse(ResendVerificationRequest, { email });
  return result.success ? null : (result.issues[0]?.message ?? resendVerificationMessages.failed);
};

export const resendVerificationMachine = setup({
  types: {
    input: {} as ResendVerificationInput,
    context: {} as ResendVerificationContext,
    events: {} as ResendVerificationEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: { resendVerification: notProvided<void, { email: string }>('resendVerification') },
  actions: {
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: { emailIsValid: ({ event }) => emailIssue(event.email) === null },
}).createMachine({
  id: 'resendVerification',
  context: ({ input }) => ({ email: input.email?.trim() ?? '', error: null }),
  initial: 'ready',
  states: {
    ready: {
      description: 'A "Resend verification email" button (on the verification page with an Email field)',
      initial: 'idle',
      on: {
        'resendVerification.submit': [
          {
            guard: 'emailIsValid',
            target: 'sending',
            actions: assign({ email: ({ event }) => event.email.trim() }),
            description: 'Press "Resend verification email" with an email address',
          },
          {
            target: '.invalid',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ message: emailIssue(event.email) ?? resendVerificationMessages.failed }),
            },
            description: 'Press "Resend verification email" with the Email field empty or not an email address',
          },
        ],
      },
      states: {
        idle: { description: 'Nothing has been sent yet; no message', entry: 'clearError' },
        invalid: { description: 'An alert says what is wrong with the email address', tags: ['error'] },
        failed: { description: 'An alert says why no new link could be sent', tags: ['error'] },
        sent: {
          description: `A status says "${resendVerificationMessages.sent}"; the button can send again`,
          entry: 'clearError',
        },
      },
    },
    sending: {
      description: 'A "Sending…" status is shown and "Resend verification email" is disabled',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ event }) => {
          assertEvent(event, 'resendVerification.submit');
          return { email: event.email.trim() };
        },
        onDone: {
          target: 'ready.sent',
          description: 'The server accepts the request (a new link is mailed if the account still needs one)',
        },
        onError: {
          target: 'ready.failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({
              message: failureText(event.error, resendVerificationMessages.failed, resendVerificationMessages.network),
            }),
          },
          description: 'The request fails (too many requests, server error, or no connection)',
        },
      },
    },
  },
});
