import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { verifyEmailMessages as text, type verifyEmailMachine } from '#machines/verify-email.machine.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveVerifyEmailLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus } from './auth-layout.tsx';
import { type TestHooks, useActorOptions } from './test-hooks.ts';

/** /verify-email?token=…: available signed in or not. The token is read, sent, never shown. */
export function VerifyEmailPage({ logic, options }: TestHooks<typeof verifyEmailMachine>) {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const provided = useMemo(
    () =>
      (logic ?? liveVerifyEmailLogic).provide({ actions: { goToLogin: () => navigate('/login', { replace: true }) } }),
    [logic, navigate],
  );
  const actor = useActorRef(provided, { ...useActorOptions(options), input: { token } });
  const view = useSelector(
    actor,
    (s) => ({
      verifying: s.matches('verifying'),
      succeeded: s.matches('succeeded') || s.matches('redirected'),
      error: s.matches('missingToken') ? text.missingToken : s.context.error,
    }),
    shallowEqual,
  );

  if (view.succeeded) {
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
  if (view.verifying) {
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
      <AuthAlert message={view.error} />
    </AuthLayout>
  );
}
