/** Samples for the account pages: register, verify email, forgot password, reset password. */

import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { forgotPasswordMachine } from '../forgot-password.machine.ts';
import { defineEntry, done, fail, note, type SampleNote, stateAndError } from '../lib/entry.ts';
import { registerMachine } from '../register.machine.ts';
import { resendVerificationMachine } from '../resend-verification.machine.ts';
import { resetPasswordMachine } from '../reset-password.machine.ts';
import { verifyEmailMachine } from '../verify-email.machine.ts';
import { demoOwner, MAILBOX_URL, PORTAL_URL, unconfirmedOwner } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const noServerWithoutReason = 'The server always gives a reason, so the fallback text needs a fake';
const networkFailure = 'An unknown network error occurred.';

/** After "Too many requests" the server refuses the same request from this computer for a while. */
const limited = (s: AnyMachineSnapshot) =>
  /^Too many requests/.test(String(s.context?.error ?? ''))
    ? 'After "Too many requests" the server refuses the same request from this computer until the time it names'
    : undefined;
/** A request a person sends again; not by hand right after the server answered "Too many requests". */
const sent = <E extends AnyEventObject>(event: E, how: SampleNote = {}) =>
  note(event, { ...how, notByHandIn: limited });

/** A new owner: not in the seed, so registering works once per database. */
const newOwner = {
  firstName: 'Nora',
  lastName: 'Quinn',
  email: 'nora.quinn@demo.local',
  password: 'Quayside#2026',
  businessName: 'Quayside Books',
};

export const registerEntry = defineEntry({
  machine: registerMachine,
  title: 'Register Your Business',
  samples: [
    sent({ type: 'register.submit', ...newOwner }),
    sent({ type: 'register.submit', ...newOwner, businessName: '' }),
    sent({ type: 'register.submit', ...newOwner, businessName: '   ' }),
    sent({ type: 'register.submit', ...newOwner, firstName: '', email: 'nora.quinn-at-demo', password: 'short' }),
    note({ type: 'register.edit', field: 'email' }, { say: 'add a letter to Email Address' }),
    // Registration never tells whether an e-mail has an account: the same answer as for a new owner.
    sent(
      { type: 'register.submit', ...newOwner, email: demoOwner.email },
      {
        action: `Fill in all five fields with the e-mail of the demo owner, who already has an account, and press "Register" (First Name \`${newOwner.firstName}\`, Last Name \`${newOwner.lastName}\`, Email Address \`${demoOwner.email}\`, Password \`${newOwner.password}\`, Business Name \`${newOwner.businessName}\`). The page answers exactly as for a new owner; the newest mail to ${demoOwner.email} in ${MAILBOX_URL} says "Someone tried to register with your email address"`,
      },
    ),
    done('register'),
    note(fail('register', { message: 'Too many requests. Please try again in 60 minutes.' }), {
      arrange:
        'Register ten times within an hour from this computer (any new e-mails), so that this is the eleventh registration (the minutes in the answer may be fewer)',
    }),
    note(fail('register', { message: networkFailure, network: true }), { arrange: stopServer }),
    note(fail('register', { message: '' }), { notByHand: noServerWithoutReason }),
  ],
  uiKey: stateAndError,
  plan: {
    start: {
      url: '/register',
      note: `A second registration with ${newOwner.email} (from an earlier walk) answers the same but makes no new account and no verification mail: use another new e-mail to see those`,
    },
    fields: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email Address',
      password: 'Password',
      businessName: 'Business Name',
    },
    test: 'tests/generated/register.generated.test.tsx',
    usesUp: 'An account per registered e-mail: `npm run users -- delete --email <that e-mail>` to register it again',
  },
});

export const verifyEmailEntry = defineEntry({
  machine: verifyEmailMachine,
  title: 'Verify email',
  samples: [
    done('verifyEmail'),
    note(fail('verifyEmail', { message: 'This verification link has already been used. You can sign in.' }), {
      arrange: 'Open the same link once before, so that this is its second use',
    }),
    note(fail('verifyEmail', { message: '' }), { notByHand: noServerWithoutReason }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: 'Open the verification link from the email',
      input: { token: 'c2FtcGxlLXZlcmlmeS10b2tlbg' },
      start: {
        url: '/verify-email?token=…',
        via: `register a new business at ${PORTAL_URL}/register, then take the link from the verification mail in ${MAILBOX_URL}`,
      },
    },
    { label: 'Open /verify-email without a token', input: { token: null }, start: { url: '/verify-email' } },
  ],
  plan: {
    test: 'tests/generated/verify-email.generated.test.tsx',
    usesUp: 'Each verification link works once: register again for a new one',
  },
});

export const resendVerificationEntry = defineEntry({
  machine: resendVerificationMachine,
  title: 'Resend verification email (on a failed verification link)',
  samples: [
    sent({ type: 'resendVerification.submit', email: unconfirmedOwner.email }, { uses: unconfirmedOwner }),
    sent({ type: 'resendVerification.submit', email: 'unverified.owner-at-demo' }),
    done('resendVerification'),
    note(fail('resendVerification', { message: 'Too many requests. Please try again in 15 minutes.' }), {
      arrange:
        'Send it ten times within 15 minutes, so that this is the eleventh request (the minutes in the answer may be fewer)',
    }),
    note(fail('resendVerification', { message: '' }), { notByHand: noServerWithoutReason }),
    note(fail('resendVerification', { message: 'Failed to fetch', network: true }), { arrange: stopServer }),
  ],
  uiKey: stateAndError,
  // The Login page's variant (a button that sends to the address just typed) is played in the signIn paths.
  inputs: [
    {
      label: 'Open a verification link that fails',
      input: {},
      start: {
        url: '/verify-email',
        note: 'Any failed verification link shows the same offer (an expired or used one, or none at all as here)',
      },
    },
  ],
  plan: {
    fields: { email: 'Email' },
    test: 'tests/generated/resend-verification.generated.test.tsx',
    usesUp: 'An unverified account per scenario that registers one: `npm run users -- delete --email <that e-mail>`',
  },
});

export const forgotPasswordEntry = defineEntry({
  machine: forgotPasswordMachine,
  title: 'Forgot Password (modal on the Login page)',
  samples: [
    { type: 'forgotPassword.open' },
    note(
      { type: 'forgotPassword.open', email: demoOwner.email },
      { say: `with \`${demoOwner.email}\` typed in Email on the Login form` },
    ),
    { type: 'forgotPassword.close' },
    sent({ type: 'forgotPassword.submit', email: demoOwner.email }),
    sent({ type: 'forgotPassword.submit', email: 'owner-at-demo' }),
    done('requestPasswordReset'),
    note(fail('requestPasswordReset', { message: 'Too many requests. Please try again in 15 minutes.' }), {
      arrange:
        'Send the form ten times within 15 minutes, so that this is the eleventh request (the minutes in the answer may be fewer)',
    }),
    note(fail('requestPasswordReset', { message: '' }), { notByHand: noServerWithoutReason }),
    note(fail('requestPasswordReset', { message: 'Failed to fetch', network: true }), { arrange: stopServer }),
  ],
  uiKey: stateAndError,
  plan: {
    start: { url: '/login' },
    test: 'tests/generated/forgot-password.generated.test.tsx',
    usesUp: 'Reset mails to one address (3 an hour): wait an hour, or use another account',
  },
});

export const resetPasswordEntry = defineEntry({
  machine: resetPasswordMachine,
  title: 'Reset password',
  samples: [
    { type: 'resetPassword.submit', newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start26' },
    { type: 'resetPassword.submit', newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start62' },
    { type: 'resetPassword.submit', newPassword: 'short', confirmPassword: 'short' },
    { type: 'resetPassword.backToLogin' },
    done('checkResetToken'),
    // The wiring reports the HTTP status; a refusal is a 4xx, a server error or no answer shows the form anyway.
    note(
      fail('checkResetToken', {
        message: 'This password reset link has already been used. Please request a new one.',
        status: 400,
      }),
      { arrange: 'Use the link once before (set a password with it), so that this is its second use' },
    ),
    note(fail('checkResetToken', { message: '', status: 503 }), {
      notByHand: 'The local server answers the check with a server error only when it breaks, so this needs a fake',
    }),
    note(fail('checkResetToken', { message: 'Failed to fetch', network: true }), {
      notByHand:
        'The link is checked as the page opens, from the same server that serves the page, so the connection cannot be cut in between',
    }),
    done('resetPassword'),
    note(
      fail('resetPassword', { message: 'This password reset link has already been used. Please request a new one.' }),
      {
        arrange: 'Use this link once before (set a password with it in another tab), so that this is its second use',
      },
    ),
    note(fail('resetPassword', { message: '' }), { notByHand: noServerWithoutReason }),
    note(fail('resetPassword', { message: 'Failed to fetch', network: true }), { arrange: stopServer }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: 'Open the reset link from the email',
      input: { token: 'c2FtcGxlLXJlc2V0LXRva2Vu' },
      start: {
        url: '/reset-password?token=…',
        via: `on ${PORTAL_URL}/login press "Forgot password?", send it for ${demoOwner.email}, and take the link from the newest mail in ${MAILBOX_URL}`,
        note: `A successful reset changes the demo owner's password: set it back to ${demoOwner.password} the same way afterwards`,
      },
    },
    { label: 'Open /reset-password without a token', input: { token: null }, start: { url: '/reset-password' } },
  ],
  plan: {
    fields: { newPassword: 'New Password', confirmPassword: 'Confirm New Password' },
    test: 'tests/generated/reset-password.generated.test.tsx',
    usesUp:
      "Reset links work once and reset mails are limited (3 an hour per address); a scenario that sets a new password changes the demo owner's: `npm run users -- reset --email owner@demo.local --password DemoOwner#2026`",
  },
});
