/** Samples for the account pages: register, verify email, forgot password, reset password. */
import { forgotPasswordMachine } from '../forgot-password.machine.ts';
import { defineEntry, done, fail, stateAndError } from '../lib/entry.ts';
import { registerMachine } from '../register.machine.ts';
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

export const forgotPasswordEntry = defineEntry({
  machine: forgotPasswordMachine,
  title: 'Forgot Password (modal on the Login page)',
  samples: [
    { type: 'forgotPassword.open' },
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
