/** Samples for the account pages: register, verify email, forgot password, reset password. */
import { forgotPasswordMachine } from '../forgot-password.machine.ts';
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { registerMachine } from '../register.machine.ts';
import { resetPasswordMachine } from '../reset-password.machine.ts';
import { verifyEmailMachine } from '../verify-email.machine.ts';
import { demoOwner, MAILBOX_URL, PORTAL_URL } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const noServerWithoutReason = 'The server always gives a reason, so the fallback text needs a fake';

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
    { type: 'register.submit', ...newOwner },
    { type: 'register.submit', ...newOwner, businessName: '' },
    { type: 'register.submit', ...newOwner, businessName: '   ' },
    done('register'),
    note(
      fail('register', {
        message: 'An account with this email already exists. Try signing in or resetting your password.',
      }),
      {
        typed: { email: demoOwner.email },
      },
    ),
    note(fail('register', { message: '' }), { notByHand: noServerWithoutReason }),
  ],
  uiKey: stateAndError,
  plan: {
    start: {
      url: '/register',
      note: `Registering works once per e-mail: if ${newOwner.email} is taken from an earlier walk, use another new e-mail`,
    },
    fields: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email Address',
      password: 'Password',
      businessName: 'Business Name',
    },
    test: 'tests/generated/register.generated.test.tsx',
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
  plan: { test: 'tests/generated/verify-email.generated.test.tsx' },
});

export const forgotPasswordEntry = defineEntry({
  machine: forgotPasswordMachine,
  title: 'Forgot Password (modal on the Login page)',
  samples: [
    { type: 'forgotPassword.open' },
    { type: 'forgotPassword.close' },
    { type: 'forgotPassword.submit', email: demoOwner.email },
    { type: 'forgotPassword.submit', email: 'owner-at-demo' },
    done('requestPasswordReset'),
    note(fail('requestPasswordReset', { message: 'Too many requests. Please try again in 15 minutes.' }), {
      arrange:
        'Send the form ten times within 15 minutes, so that this is the eleventh request (the minutes in the answer may be fewer)',
    }),
    note(fail('requestPasswordReset', { message: '' }), { notByHand: noServerWithoutReason }),
    note(fail('requestPasswordReset', { message: 'Failed to fetch', network: true }), { arrange: stopServer }),
  ],
  uiKey: stateAndError,
  plan: { start: { url: '/login' }, test: 'tests/generated/forgot-password.generated.test.tsx' },
});

export const resetPasswordEntry = defineEntry({
  machine: resetPasswordMachine,
  title: 'Reset password',
  samples: [
    { type: 'resetPassword.submit', newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start26' },
    { type: 'resetPassword.submit', newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start62' },
    { type: 'resetPassword.submit', newPassword: 'short', confirmPassword: 'short' },
    { type: 'resetPassword.backToLogin' },
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
  },
});
