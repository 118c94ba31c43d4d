import * as v from 'valibot';
import { Email, requiredText } from './common.ts';
import { isSameAsEmail, PASSWORD_MESSAGES, Password } from './password.ts';

/** POST /api/public/register: all five fields are required. */
export const RegisterRequest = v.pipe(
  v.object({
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    email: Email,
    password: Password,
    businessName: requiredText('Business name', 200),
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['password']],
      ({ email, password }) => !isSameAsEmail(password, email),
      PASSWORD_MESSAGES.sameAsEmail,
    ),
    ['password'],
  ),
);
export type RegisterRequest = v.InferInput<typeof RegisterRequest>;

/**
 * The spec does not show the success body; we answer 201 with a message the UI may ignore. The answer
 * is the same whether or not the address already has an account (its owner is told by e-mail).
 */
export const RegisterResponse = v.object({ message: v.string() });

/** GET /api/public/verify-email?token=… */
export const VerifyEmailQuery = v.object({ token: requiredText('Verification token', 512) });
export const VerifyEmailResponse = v.object({ message: v.string() });

/** POST /api/password-reset/request */
export const PasswordResetRequest = v.object({ email: Email });
export const PasswordResetRequestResponse = v.object({ message: v.string() });

/**
 * POST /api/password-reset/reset. The e-mail rule of the password is checked on the server, which
 * knows whose link it is.
 */
export const PasswordReset = v.object({ token: requiredText('Reset token', 512), newPassword: Password });
export const PasswordResetResponse = v.object({ message: v.string() });

/**
 * POST /api/public/resend-verification: a new verification link for an account that is not confirmed
 * yet. The answer is the same whether or not such an account exists (no account enumeration).
 */
export const ResendVerificationRequest = v.object({ email: Email });
export const ResendVerificationResponse = v.object({ message: v.string() });

/** POST /api/password-reset/check: is this reset link still usable? Answers without spending it. */
export const PasswordResetCheck = v.object({ token: requiredText('Reset token', 512) });
export const PasswordResetCheckResponse = v.object({ message: v.string() });
