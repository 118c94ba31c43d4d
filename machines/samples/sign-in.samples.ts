import { defineEntry, done, fail, stateAndError } from '../lib/entry.ts';
import { signInMachine } from '../sign-in.machine.ts';

export const signInEntry = defineEntry({
  machine: signInMachine,
  title: 'Sign in (Login and Set New Password pages)',
  samples: [
    { type: 'signIn.submit', email: 'owner@demo.local', password: 'DemoOwner#2026' },
    { type: 'signIn.submit', email: 'owner@demo.local', password: '' },
    { type: 'signIn.submitNewPassword', newPassword: 'BrandNew#2026', confirmPassword: 'BrandNew#2026' },
    { type: 'signIn.submitNewPassword', newPassword: 'BrandNew#2026', confirmPassword: 'BrandNew#2062' },
    { type: 'signIn.submitNewPassword', newPassword: '', confirmPassword: '' },
    done('signIn', { kind: 'signedIn', groups: ['BusinessOwners'] }),
    done('signIn', { kind: 'signedIn', groups: ['Customers'] }),
    done('signIn', { kind: 'newPasswordRequired' }),
    done('signIn', { kind: 'confirmSignUp' }),
    done('signIn', { kind: 'resetPassword' }),
    done('signIn', { kind: 'otherStep', step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }),
    fail('signIn', { name: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
    fail('signIn', { name: 'UserAlreadyAuthenticatedException', message: 'There is already a signed in user.' }),
    fail('signIn', { name: 'UserNotConfirmedException', message: 'User is not confirmed.' }),
    fail('signIn', { name: 'PasswordResetRequiredException', message: 'Password reset required for the user' }),
    fail('signIn', { message: '' }),
    done('confirmNewPassword', { kind: 'signedIn', groups: ['BusinessOwners'] }),
    done('confirmNewPassword', { kind: 'signedIn', groups: [] }),
    done('confirmNewPassword', { kind: 'otherStep', step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' }),
    done('confirmNewPassword', { kind: 'newPasswordRequired' }),
    done('confirmNewPassword', { kind: 'confirmSignUp' }),
    done('confirmNewPassword', { kind: 'resetPassword' }),
    fail('confirmNewPassword', {
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password must have symbol characters',
    }),
    fail('confirmNewPassword', { message: '' }),
    done('signOutDenied'),
    fail('signOutDenied', { message: 'An error occurred when attempting to log out from OAuth provider.' }),
  ],
  uiKey: stateAndError,
});
