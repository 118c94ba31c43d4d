/**
 * The account machines with their real effects (unauthenticated API calls). Failures are reported as
 * `Failure`: the message from the one error-message function, without a fallback, because each machine
 * owns its spec fallback text and its wording for network failures.
 */
import { fromPromise } from 'xstate';
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
import { toFailure } from '#src/api/errors.ts';

async function attempt(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw toFailure(error);
  }
}

export const liveRegisterLogic = registerMachine.provide({
  actors: { register: fromPromise(({ input }) => attempt(() => register(input))) },
});

/**
 * Spending a verification link is one-shot: the server refuses the second use. A page mounted twice
 * (React StrictMode in development restarts every actor) must therefore share the request already
 * under way, and never abort it, rather than spend the token again and report "already used".
 */
const verifications = new Map<string, Promise<void>>();
export function verifyOnce(token: string): Promise<void> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = attempt(() => verifyEmail(token));
    verifications.set(token, pending);
  }
  return pending;
}

export const liveVerifyEmailLogic = verifyEmailMachine.provide({
  actors: { verifyEmail: fromPromise(({ input }) => verifyOnce(input.token)) },
});

export const liveResendVerificationLogic = resendVerificationMachine.provide({
  actors: { resendVerification: fromPromise(({ input }) => attempt(() => resendVerification(input.email))) },
});

export const liveForgotPasswordLogic = forgotPasswordMachine.provide({
  actors: { requestPasswordReset: fromPromise(({ input }) => attempt(() => requestPasswordReset(input.email))) },
});

export const liveResetPasswordLogic = resetPasswordMachine.provide({
  actors: {
    checkResetToken: fromPromise(({ input, signal }) => attempt(() => checkResetToken(input.token, signal))),
    resetPassword: fromPromise(({ input }) => attempt(() => resetPassword(input.token, input.newPassword))),
  },
});
