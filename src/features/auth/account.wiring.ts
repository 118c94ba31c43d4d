/**
 * The account machines with their real effects (unauthenticated API calls). Failures reach the machines
 * as `Failure` without a fallback (apiEffect), because each machine owns its spec fallback text and its
 * wording for network failures.
 */
import { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import { registerMachine } from '#machines/register.machine.ts';
import { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { resetPasswordMachine } from '#machines/reset-password.machine.ts';
import { verifyEmailMachine } from '#machines/verify-email.machine.ts';
import {
  checkResetToken,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '#src/api/account.ts';
import { apiEffect } from '#src/api/effect.ts';

export const liveRegisterLogic = registerMachine.provide({
  actors: { register: apiEffect((input) => register(input)) },
});

/**
 * Spending a verification link is one-shot: the server refuses the second use. A page mounted twice
 * (React StrictMode in development restarts every actor) must therefore share the request already
 * under way, and never abort it, rather than spend the token again and report "already used".
 */
const verifications = new Map<string, Promise<unknown>>();
export function verifyOnce(token: string): Promise<unknown> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
  }
  return pending;
}

export const liveVerifyEmailLogic = verifyEmailMachine.provide({
  actors: { verifyEmail: apiEffect(({ token }) => verifyOnce(token)) },
});

export const liveResendVerificationLogic = resendVerificationMachine.provide({
  actors: { resendVerification: apiEffect(({ email }) => resendVerification(email)) },
});

export const liveForgotPasswordLogic = forgotPasswordMachine.provide({
  actors: { requestPasswordReset: apiEffect(({ email }) => requestPasswordReset(email)) },
});

export const liveResetPasswordLogic = resetPasswordMachine.provide({
  actors: {
    checkResetToken: apiEffect(({ token }, signal) => checkResetToken(token, signal)),
    resetPassword: apiEffect(({ token, newPassword }) => resetPassword(token, newPassword)),
  },
});
