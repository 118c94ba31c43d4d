import { Link, useLocation, useSearch } from 'wouter';
import type { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { verifyEmailMessages as text, type verifyEmailMachine } from '#machines/verify-email.machine.ts';
import { type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveVerifyEmailLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus } from './auth-layout.tsx';
import { ResendVerification } from './resend-verification.tsx';

export interface VerifyEmailPageProps extends FlowHooks<typeof verifyEmailMachine> {
  /** Test hooks for "Resend verification email" (offered when the link fails). */
  resendVerification?: FlowHooks<typeof resendVerificationMachine>;
}

/** /verify-email?token=…: available signed in or not. The token is read, sent, never shown. */
export function VerifyEmailPage({ logic = liveVerifyEmailLogic, options, resendVerification }: VerifyEmailPageProps) {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const [state] = useFlowActor(logic.provide({ actions: { goToLogin: () => navigate('/login', { replace: true }) } }), {
    input: { token },
    options,
  });

  if (state.matches('succeeded') || state.matches('redirected')) {
    return (
      <AuthLayout title={text.success} subtitle="Your email address is verified. You can sign in now.">
        <div className="auth-success">
          <AuthStatus text="Taking you to the login page in 5 seconds…" />
          <Link href="/login" className="btn btn-primary btn-block">
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (state.hasTag('busy')) {
    return (
      <AuthLayout title="Verifying your email">
        <div className="auth-progress">
          <Spinner />
          <AuthStatus text="Verifying your email…" />
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={text.failedTitle}
      footer={
        <p>
          <Link href="/login">Go to Login</Link> · <Link href="/register">Register</Link>
        </p>
      }
    >
      <AuthAlert message={state.matches('missingToken') ? text.missingToken : state.context.error} />
      <ResendVerification askEmail {...resendVerification} />
    </AuthLayout>
  );
}
