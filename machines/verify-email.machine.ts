/**
 * The /verify-email?token=… page: verify once, then send the owner to the Login page after 5 s
 * (spec §2 Verify email, §4, §9). A failed page offers a new link (resend-verification.machine.ts).
 */
import { assign, setup } from 'xstate';
import { failureText, notProvided } from './lib/effects.ts';

export const verifyEmailMessages = {
  missingToken: 'No verification token found. Please check the link and try again.',
  success: 'Verification Successful!',
  failedTitle: 'Verification Failed',
  failed: 'The verification link is invalid or has expired.',
} as const;

export interface VerifyEmailInput {
  token: string | null;
}

export interface VerifyEmailContext {
  token: string | null;
  error: string | null;
}

export const verifyEmailMachine = setup({
  types: {
    input: {} as VerifyEmailInput,
    context: {} as VerifyEmailContext,
    tags: {} as 'busy' | 'error',
  },
  actors: { verifyEmail: notProvided<void, { token: string }>('verifyEmail') },
  actions: {
    // Provided by the page: navigate to /login.
    goToLogin: () => {},
  },
  guards: { hasToken: ({ context }) => !!context.token },
  delays: { loginRedirect: 5_000 },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token?.trim() || null, error: null }),
  initial: 'start',
  states: {
    start: {
      description: 'The page reads the token from the link (never shown on screen)',
      always: [
        { guard: 'hasToken', target: 'verifying', description: 'Open the verification link from the email' },
        {
          target: 'missingToken',
          description: 'Open /verify-email without a token',
        },
      ],
    },
    missingToken: {
      description: `"Verification Failed" with the alert "${verifyEmailMessages.missingToken}", and an Email field with "Resend verification email"`,
      tags: ['error'],
    },
    verifying: {
      description: 'A "Verifying your email…" status is shown',
      tags: ['busy'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'succeeded', description: 'The server accepts the token' },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureText(event.error, verifyEmailMessages.failed) }),
          description: 'The server rejects the token (unknown, used or expired)',
        },
      },
    },
    succeeded: {
      description: '"Verification Successful!" and a note that the Login page opens in 5 seconds',
      after: {
        loginRedirect: {
          target: 'redirected',
          actions: 'goToLogin',
          description: 'Wait 5 seconds',
        },
      },
    },
    failed: {
      description:
        '"Verification Failed" with the server\'s message in an alert, and an Email field with "Resend verification email"',
      tags: ['error'],
    },
    redirected: {
      description: 'The Login page opens',
      type: 'final',
    },
  },
});
