/** Samples for the sign-in flow (/login and /new-password-required), with how a tester arranges each answer. */
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { signInMachine } from '../sign-in.machine.ts';
import { customerAccount, demoOwner, resetOwner, tempOwner, unconfirmedOwner } from './demo.samples.ts';

const amplifyTurnsIntoStep =
  'Amplify answers this refusal with a next step instead of an error (see the scenarios with that step), so only another identity client would show it';
const providerNeverAsks = (what: string) =>
  `The local identity provider never asks for ${what}; only a real Cognito pool configured for it does`;
const alwaysGivesReason = 'The identity provider always gives a reason, so the fallback text needs a fake';

export const signInEntry = defineEntry({
  machine: signInMachine,
  title: 'Sign in (Login and Set New Password pages)',
  samples: [
    { type: 'signIn.submit', email: demoOwner.email, password: demoOwner.password },
    { type: 'signIn.submit', email: demoOwner.email, password: '' },
    { type: 'signIn.submitNewPassword', newPassword: 'BrandNew#2026', confirmPassword: 'BrandNew#2026' },
    { type: 'signIn.submitNewPassword', newPassword: 'BrandNew#2026', confirmPassword: 'BrandNew#2062' },
    { type: 'signIn.submitNewPassword', newPassword: '', confirmPassword: '' },
    done('signIn', { kind: 'signedIn', groups: ['BusinessOwners'] }),
    note(done('signIn', { kind: 'signedIn', groups: ['Customers'] }), { uses: customerAccount }),
    note(done('signIn', { kind: 'newPasswordRequired' }), { uses: tempOwner }),
    note(done('signIn', { kind: 'confirmSignUp' }), { uses: unconfirmedOwner }),
    note(done('signIn', { kind: 'resetPassword' }), { uses: resetOwner }),
    note(done('signIn', { kind: 'otherStep', step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }), {
      notByHand: providerNeverAsks('an authenticator code'),
    }),
    note(fail('signIn', { name: 'NotAuthorizedException', message: 'Incorrect username or password.' }), {
      typed: { password: 'Not#ThePassword1' },
    }),
    note(fail('signIn', { name: 'UserAlreadyAuthenticatedException', message: 'There is already a signed in user.' }), {
      notByHand: 'The Login page is only offered while nobody is signed in in this browser',
    }),
    note(fail('signIn', { name: 'UserNotConfirmedException', message: 'User is not confirmed.' }), {
      notByHand: amplifyTurnsIntoStep,
    }),
    note(fail('signIn', { name: 'PasswordResetRequiredException', message: 'Password reset required for the user' }), {
      notByHand: amplifyTurnsIntoStep,
    }),
    note(fail('signIn', { message: '' }), { notByHand: alwaysGivesReason }),
    done('confirmNewPassword', { kind: 'signedIn', groups: ['BusinessOwners'] }),
    note(done('confirmNewPassword', { kind: 'signedIn', groups: [] }), {
      notByHand: 'It needs an account with a temporary password in no group at all, which the users CLI does not make',
    }),
    note(done('confirmNewPassword', { kind: 'otherStep', step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' }), {
      notByHand: providerNeverAsks('a choice of second factor'),
    }),
    note(done('confirmNewPassword', { kind: 'newPasswordRequired' }), {
      notByHand: providerNeverAsks('a second new password'),
    }),
    note(done('confirmNewPassword', { kind: 'confirmSignUp' }), {
      notByHand: providerNeverAsks('a sign-up confirmation after a new password'),
    }),
    note(done('confirmNewPassword', { kind: 'resetPassword' }), {
      notByHand: providerNeverAsks('a password reset after a new password'),
    }),
    note(
      fail('confirmNewPassword', {
        name: 'InvalidPasswordException',
        message: 'Password does not conform to policy: Password not long enough',
      }),
      { typed: { newPassword: 'Short#1', confirmPassword: 'Short#1' } },
    ),
    note(fail('confirmNewPassword', { message: '' }), { notByHand: alwaysGivesReason }),
    done('signOutDenied'),
    note(fail('signOutDenied', { message: 'An error occurred when attempting to log out from OAuth provider.' }), {
      notByHand: 'The portal signs out locally even when the provider cannot be reached, so this answer needs a fake',
    }),
  ],
  uiKey: stateAndError,
  plan: {
    // The new-password page can be opened by its address without a pending challenge.
    start: (first) => ({ url: first?.type === 'signIn.submitNewPassword' ? '/new-password-required' : '/login' }),
    fields: { newPassword: 'New Password', confirmPassword: 'Confirm New Password' },
    eventPages: {
      // Typing /login would reload the app and drop the pending challenge: use the page's link.
      'signIn.submit': { path: '/login', how: 'Press "Back to sign in"' },
      'signIn.submitNewPassword': { path: '/new-password-required' },
    },
    pageOf: (s, event) => {
      // The expired challenge is told on the new-password page; "Sign in again" opens the Login page.
      if (s.matches({ ready: 'awaitingNewPassword' }) || s.matches({ ready: 'expired' }))
        return '/new-password-required';
      if (s.matches({ ready: 'resetRequired' }) || s.matches({ ready: 'unconfirmed' })) return '/login';
      return event.type === 'signIn.restart' ? '/login' : undefined;
    },
    test: 'tests/generated/sign-in.generated.test.tsx',
    usesUp:
      '`temp.owner@demo.local` (a scenario that sets its new password ends its temporary one; the scenario\'s "Before you start" deletes and makes it again), and the demo owner\'s sign-in attempts (50 wrong passwords in an hour lock it: `npm run users -- reset --email owner@demo.local --password DemoOwner#2026`)',
  },
});
