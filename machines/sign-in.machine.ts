/**
 * Signing in, including the provider's NEW_PASSWORD_REQUIRED challenge. One actor serves /login and
 * /new-password-required, so the pending challenge survives the navigation between them (spec §4, §5, §8).
 */
import { assertEvent, assign, setup } from 'xstate';
import { failureName, failureText, notProvided } from './lib/effects.ts';
import {
  kindIs,
  OWNER_GROUP,
  outcome,
  outcomeTransitions,
  plainPasswordText,
  type SignInOutcome,
  signInMessages,
} from './sign-in.outcomes.ts';

export {
  OWNER_GROUP,
  passwordPolicyTexts,
  plainPasswordText,
  type SignInOutcome,
  signInMessages,
} from './sign-in.outcomes.ts';

export interface SignInContext {
  /**
   * The last email submitted: offered to the Forgot Password form when a reset is required, and where
   * "Resend verification email" sends a new link when the account is not confirmed.
   */
  email: string;
  error: string | null;
}

export type SignInEvent =
  | { type: 'signIn.submit'; email: string; password: string }
  | { type: 'signIn.submitNewPassword'; newPassword: string; confirmPassword: string }
  | { type: 'signIn.restart' };

/** Guards read payloads defensively: `state.can({ type })` asks them with a bare event. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent, tags: {} as 'busy' | 'error' },
  actors: {
    signIn: notProvided<SignInOutcome, { email: string; password: string }>('signIn'),
    confirmNewPassword: notProvided<SignInOutcome, { newPassword: string }>('confirmNewPassword'),
    signOut: notProvided<void>('signOut'),
  },
  actions: {
    // Provided by the view: tell the session to reload, and navigate between the two pages of the flow.
    notifySignedIn: () => {},
    goToNewPassword: () => {},
    goToLogin: () => {},
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: {
    credentialsPresent: ({ event }) =>
      event.type === 'signIn.submit' && text(event.email).trim() !== '' && text(event.password) !== '',
    isBusinessOwner: ({ event }) => {
      const out = outcome(event);
      return out?.kind === 'signedIn' && out.groups.includes(OWNER_GROUP);
    },
    isSignedIn: ({ event }) => kindIs(event, 'signedIn'),
    needsNewPassword: ({ event }) => kindIs(event, 'newPasswordRequired'),
    needsConfirmation: ({ event }) => kindIs(event, 'confirmSignUp'),
    needsPasswordReset: ({ event }) => kindIs(event, 'resetPassword'),
    // Some provider paths reject instead of answering with a next step.
    errorIsUnconfirmed: ({ event }) =>
      failureName((event as { error?: unknown }).error) === 'UserNotConfirmedException',
    errorNeedsReset: ({ event }) =>
      failureName((event as { error?: unknown }).error) === 'PasswordResetRequiredException',
    newPasswordMissing: ({ event }) => event.type === 'signIn.submitNewPassword' && text(event.newPassword) === '',
    passwordsDiffer: ({ event }) =>
      event.type === 'signIn.submitNewPassword' && text(event.newPassword) !== text(event.confirmPassword),
  },
  delays: { pendingSignInExpiry: 180_000 },
}).createMachine({
  id: 'signIn',
  context: { email: '', error: null },
  initial: 'ready',
  states: {
    ready: {
      description: 'Not signed in: the Login page, or the new-password page while a challenge is pending',
      initial: 'idle',
      on: {
        'signIn.submit': [
          {
            guard: 'credentialsPresent',
            target: 'submitting',
            actions: assign({ email: ({ event }) => event.email.trim() }),
            description: 'Type an email and a password and press "Sign in"',
          },
          {
            target: '.failed',
            actions: { type: 'setError', params: { message: signInMessages.missingCredentials } },
            description: 'Press "Sign in" with the email or the password empty',
          },
        ],
        'signIn.submitNewPassword': {
          target: '.failed',
          actions: { type: 'setError', params: { message: signInMessages.noChallenge } },
          description:
            'Open /new-password-required without a pending challenge and press "Set New Password and Sign In"',
        },
      },
      states: {
        idle: {
          description:
            'No sign-in is under way and no error shows: at /login the Login form (Email, Password, "Sign in", "Forgot password?", "Sign up"), at /new-password-required an empty new-password form',
          entry: 'clearError',
        },
        failed: {
          description: 'The form shows an alert with the reason the sign-in did not succeed',
          tags: ['error'],
        },
        unconfirmed: {
          // The resend offer lives on the Login page, like the reset hand-off.
          description:
            'The Login page shows an alert that the account is not confirmed yet, and a "Resend verification email" button',
          tags: ['error'],
          entry: [{ type: 'setError', params: { message: signInMessages.unconfirmed } }, 'goToLogin'],
        },
        expired: {
          description:
            'The page is titled "Sign-in expired": an alert says the sign-in expired, and a "Sign in again" button; no form',
          tags: ['error'],
          entry: { type: 'setError', params: { message: signInMessages.challengeExpired } },
          on: {
            'signIn.restart': {
              target: 'idle',
              actions: 'goToLogin',
              description: 'Press "Sign in again"; the Login page opens',
            },
            // The page shows no form any more: there is nothing to submit a new password to.
            'signIn.submitNewPassword': {},
          },
        },
        resetRequired: {
          // The reset hand-off lives on the Login page, so a reset demanded while setting a new password
          // brings the owner back there.
          description: 'The Login page shows an alert that the password must be reset, with a "Reset password" button',
          tags: ['error'],
          entry: [{ type: 'setError', params: { message: signInMessages.resetRequired } }, 'goToLogin'],
        },
        awaitingNewPassword: {
          description: 'The "Set New Password and Sign In" page is shown (New Password, Confirm New Password)',
          entry: 'goToNewPassword',
          initial: 'editing',
          after: {
            pendingSignInExpiry: {
              target: 'expired',
              description: 'Wait 3 minutes without finishing; the pending challenge is forgotten and the page says so',
            },
          },
          on: {
            'signIn.submitNewPassword': [
              {
                guard: 'newPasswordMissing',
                target: '.invalid',
                actions: { type: 'setError', params: { message: signInMessages.newPasswordMissing } },
                description: 'Press "Set New Password and Sign In" with the new password empty',
              },
              {
                guard: 'passwordsDiffer',
                target: '.invalid',
                actions: { type: 'setError', params: { message: signInMessages.passwordsDiffer } },
                description: 'Type two different passwords and press "Set New Password and Sign In"',
              },
              {
                target: '.confirming',
                description: 'Type the same new password twice and press "Set New Password and Sign In"',
              },
            ],
          },
          states: {
            editing: { description: 'The new-password form shows no error', entry: 'clearError' },
            invalid: { description: 'The new-password form shows an alert about the typed passwords', tags: ['error'] },
            rejected: { description: 'The new-password form shows why the password was refused', tags: ['error'] },
            confirming: {
              description: 'A status says the new password is being set; the button is disabled',
              tags: ['busy'],
              entry: 'clearError',
              // Forbidden while the provider answers: both buttons are disabled, and a second submit
              // would race the pending challenge.
              on: { 'signIn.submit': {}, 'signIn.submitNewPassword': {} },
              invoke: {
                id: 'confirmNewPassword',
                src: 'confirmNewPassword',
                input: ({ event }) => {
                  assertEvent(event, 'signIn.submitNewPassword');
                  return { newPassword: event.newPassword };
                },
                onDone: outcomeTransitions(signInMessages.unexpectedStep),
                onError: {
                  target: 'rejected',
                  actions: {
                    type: 'setError',
                    params: ({ event }) => ({
                      message: plainPasswordText(failureText(event.error, signInMessages.newPasswordFailed)),
                    }),
                  },
                  description:
                    'The provider refuses the new password (e.g. it breaks the password policy); the reason is shown in plain words',
                },
              },
            },
          },
        },
      },
    },
    submitting: {
      description: 'A "Signing in…" status is shown and the "Sign in" button is disabled',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'signIn.submit');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: outcomeTransitions(signInMessages.unexpectedStep),
        onError: [
          {
            guard: 'errorIsUnconfirmed',
            target: 'ready.unconfirmed',
            description: 'The provider refuses because the email address is not verified yet',
          },
          {
            guard: 'errorNeedsReset',
            target: 'ready.resetRequired',
            description: 'The provider refuses because the password must be reset',
          },
          {
            target: 'ready.failed',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ message: failureText(event.error, signInMessages.signInFailed) }),
            },
            description: 'The provider refuses the sign-in (wrong password, unknown user, already signed in…)',
          },
        ],
      },
    },
    signedIn: {
      // Final: the router swaps the signed-out pages for the portal, and a new flow starts after sign-out.
      type: 'final',
      description:
        'The portal opens on the dashboard, with "Sign Out" in the top bar ("Signed in. Opening your portal…" may flash first)',
      entry: ['clearError', 'notifySignedIn'],
    },
    denying: {
      description: 'A "Signing in…" status stays while the portal signs the non-owner account out again',
      tags: ['busy'],
      invoke: {
        id: 'signOutDenied',
        src: 'signOut',
        onDone: {
          target: 'ready.failed',
          actions: { type: 'setError', params: { message: signInMessages.accessDenied } },
          description: 'The account is signed out again',
        },
        onError: {
          target: 'ready.failed',
          actions: { type: 'setError', params: { message: signInMessages.accessDenied } },
          description: 'Signing the account out fails (logged and ignored); access is still denied',
        },
      },
    },
  },
});
