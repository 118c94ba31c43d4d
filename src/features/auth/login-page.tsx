import { shallowEqual, useActorRef } from '@xstate/react';
import { Link } from 'wouter';
import type { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { liveForgotPasswordLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';
import { useSignInRef, useSignInSelector } from './sign-in-flow.tsx';
import { type TestHooks, useActorOptions } from './test-hooks.ts';

export interface LoginPageProps {
  /** Test hook for the Forgot Password dialog's machine. */
  forgotPassword?: TestHooks<typeof forgotPasswordMachine>;
  /** wouter passes route params to a Route's `component`; ignored. */
  params?: unknown;
}

/** /login. Must be rendered inside SignInFlowProvider. */
export function LoginPage({ forgotPassword }: LoginPageProps) {
  const signIn = useSignInRef();
  const view = useSignInSelector(
    (s) => ({
      busy: s.hasTag('busy'),
      signedIn: s.matches('signedIn'),
      resetRequired: s.matches({ ready: 'resetRequired' }),
      // Errors of the new-password page stay there.
      error: s.matches({ ready: 'failed' }) || s.matches({ ready: 'resetRequired' }) ? s.context.error : null,
      email: s.context.email,
    }),
    shallowEqual,
  );
  const forgot = useActorRef(
    forgotPassword?.logic ?? liveForgotPasswordLogic,
    useActorOptions(forgotPassword?.options),
  );
  const openForgot = (email?: string) => forgot.send({ type: 'forgotPassword.open', email });

  const submit = onFormSubmit((field) =>
    signIn.send({ type: 'signIn.submit', email: field('email'), password: field('password') }),
  );

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your business."
      footer={
        <p>
          Don't have an account? <Link href="/register">Sign up</Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign in">
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <div className="auth-row-end">
          <button type="button" className="auth-link-button" onClick={() => openForgot()}>
            Forgot password?
          </button>
        </div>
        {view.error && (
          <div className="auth-alert-group">
            <AuthAlert message={view.error} />
            {view.resetRequired && (
              <Button variant="secondary" onClick={() => openForgot(view.email)}>
                Reset password
              </Button>
            )}
          </div>
        )}
        <Button type="submit" block disabled={view.busy || view.signedIn}>
          Sign in
        </Button>
        <AuthStatus text={view.busy ? 'Signing in…' : view.signedIn ? 'Signed in. Opening your portal…' : ''} />
      </form>
      <ForgotPasswordModal actor={forgot} />
    </AuthLayout>
  );
}
