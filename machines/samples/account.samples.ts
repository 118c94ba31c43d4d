/** Samples for the account pages: register, verify email, forgot password, reset password. */
import { forgotPasswordMachine } from '../forgot-password.machine.ts';
import { defineEntry, done, fail, stateAndError } from '../lib/entry.ts';
import { registerMachine } from '../register.machine.ts';
import { resendVerificationMachine } from '../resend-verification.machine.ts';
import { resetPasswordMachine } from '../reset-password.machine.ts';
import { verifyEmailMachine } from '../verify-email.machine.ts';

const fields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@corner-cafe.example',
  password: 'Analytical#1843',
  businessName: 'Corner Cafe',
};

export const registerEntry = defineEntry({
  machine: registerMachine,
  title: 'Register Your Business',
  samples: [
    { type: 'register.submit', ...fields },
    { type: 'register.submit', ...fields, businessName: '' },
    { type: 'register.submit', ...fields, firstName: '', email: 'ada-at-corner-cafe', password: 'short' },
    { type: 'register.edit', field: 'email' },
    done('register'),
    fail('register', { message: 'An account with this email already exists.' }),
    fail('register', { message: '' }),
  ],
  uiKey: stateAndError,
});

export const verifyEmailEntry = defineEntry({
  machine: verifyEmailMachine,
  title: 'Verify email',
  samples: [
    done('verifyEmail'),
    fail('verifyEmail', { message: 'This verification link has expired.' }),
    fail('verifyEmail', { message: '' }),
  ],
  uiKey: stateAndError,
  inputs: [
    { label: 'Open the verification link from the email', input: { token: 'c2FtcGxlLXZlcmlmeS10b2tlbg' } },
    { label: 'Open /verify-email without a token', input: { token: null } },
  ],
});

export const resendVerificationEntry = defineEntry({
  machine: resendVerificationMachine,
  title: 'Resend verification email (on a failed verification link)',
  samples: [
    { type: 'resendVerification.submit', email: 'ada@corner-cafe.example' },
    { type: 'resendVerification.submit', email: 'ada-at-corner-cafe' },
    done('resendVerification'),
    fail('resendVerification', { message: 'Too many requests. Please try again in 15 minutes.' }),
    fail('resendVerification', { message: '' }),
    fail('resendVerification', { message: 'Failed to fetch', network: true }),
  ],
  uiKey: stateAndError,
  // The Login page's variant (a button that sends to the address just typed) is played in the signIn paths.
  inputs: [{ label: 'Open a verification link that fails (e.g. /verify-email?token=expired)', input: {} }],
});

export const forgotPasswordEntry = defineEntry({
  machine: forgotPasswordMachine,
  title: 'Forgot Password (modal on the Login page)',
  samples: [
    { type: 'forgotPassword.open' },
    { type: 'forgotPassword.open', email: 'owner@demo.local' },
    { type: 'forgotPassword.close' },
    { type: 'forgotPassword.submit', email: 'owner@demo.local' },
    { type: 'forgotPassword.submit', email: 'owner-at-demo' },
    done('requestPasswordReset'),
    fail('requestPasswordReset', { message: 'Too many requests. Please try again later.' }),
    fail('requestPasswordReset', { message: '' }),
    fail('requestPasswordReset', { message: 'Failed to fetch', network: true }),
  ],
  uiKey: stateAndError,
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
    {
      type: 'xstate.error.actor.checkResetToken',
      error: { message: 'This password reset link has already been used. Please request a new one.', status: 400 },
    },
    { type: 'xstate.error.actor.checkResetToken', error: { message: '', status: 503 } },
    fail('checkResetToken', { message: 'Failed to fetch', network: true }),
    done('resetPassword'),
    fail('resetPassword', { message: 'This reset link has expired.' }),
    fail('resetPassword', { message: '' }),
    fail('resetPassword', { message: 'Failed to fetch', network: true }),
  ],
  uiKey: stateAndError,
  inputs: [
    { label: 'Open the reset link from the email', input: { token: 'c2FtcGxlLXJlc2V0LXRva2Vu' } },
    { label: 'Open /reset-password without a token', input: { token: null } },
  ],
});
