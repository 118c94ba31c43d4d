import { useRef } from 'react';
import { Link } from 'wouter';
import type { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import type { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { liveForgotPasswordLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { ForgotPasswordDialog, preloadForgotPassword } from './forgot-password-dialog.tsx';
import { ResendVerification } from './resend-verification.tsx';
import { preloadSignIn } from './sign-in.wiring.ts';
import { useSignInRef, useSignInSelector } from './sign-in-flow.tsx';

export interface LoginPageProps {
  /** Test hooks for the Forgot Password dialog's machine. */
  forgotPassword?: FlowHooks<typeof forgotPasswordMachine>;
  /** Test hooks for "Resend verification email" (offered when the account is not confirmed). */
  resendVerification?: FlowHooks<typeof resendVerificationMachine>;
  /** wouter passes route params to a Route's `component`; ignored. */
  params?: unknown;
}

const SUBMIT = { type: 'signIn.submit', email: '', password: '' } as const;
const OPEN_FORGOT = { type: 'forgotPassword.open' } as const;

/** /login. Must be rendered inside SignInFlowProvider. */
export function LoginPage({ forgotPassword, resendVerification }: LoginPageProps) {
  const signIn = useSignInRef();
  const state = useSignInSelector((s) => s);
  const [forgot, sendForgot] = useFlowActor(forgotPassword?.logic ?? liveForgotPasswordLogic, {
    options: forgotPassword?.options,
  });
  const formRef = useRef<HTMLFormElement>(null);

  const resetRequired = state.matches({ ready: 'resetRequired' });
  const unconfirmed = state.matches({ ready: 'unconfirmed' });
  // Errors of the new-password page (including its expiry) stay there.
  const error = state.matches({ ready: 'failed' }) || resetRequired || unconfirmed ? state.context.error : null;
  const busy = state.hasTag('busy');
  const signedIn = state.matches('signedIn');

  // Forgot password carries the address typed so far, even if the form was never submitted.
  const typedEmail = () => {
    const value = formRef.current ? new FormData(formRef.current).get('email') : null;
    return typeof value === 'string' ? value : '';
  };
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
      <form
        ref={formRef}
        className="auth-form"
        onSubmit={submit}
        onFocus={preloadSignIn}
        onPointerDown={preloadSignIn}
        noValidate
        aria-label="Sign in"
      >
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <div className="auth-row-end">
          <button
            type="button"
            className="auth-link-button"
            onClick={() => sendForgot({ type: 'forgotPassword.open', email: typedEmail() })}
            {...preloadForgotPassword}
            {...enabledFor(forgot, OPEN_FORGOT)}
          >
            Forgot password?
          </button>
        </div>
        {error && (
          <div className="auth-alert-group">
            <AuthAlert message={error} />
            {resetRequired && (
              <Button
                variant="secondary"
                onClick={() => sendForgot({ type: 'forgotPassword.open', email: state.context.email })}
                {...preloadForgotPassword}
                {...enabledFor(forgot, OPEN_FORGOT)}
              >
                Reset password
              </Button>
            )}
            {unconfirmed && <ResendVerification email={state.context.email} {...resendVerification} />}
          </div>
        )}
        <Button type="submit" block {...enabledFor(state, SUBMIT)}>
          Sign in
        </Button>
        <AuthStatus text={busy ? 'Signing in…' : signedIn ? 'Signed in. Opening your portal…' : ''} />
      </form>
      <ForgotPasswordDialog state={forgot} send={sendForgot} />
    </AuthLayout>
  );
}
