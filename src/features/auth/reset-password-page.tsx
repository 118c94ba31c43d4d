import { useLocation, useSearch } from 'wouter';
import type { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import { type resetPasswordMachine, resetPasswordMessages as text } from '#machines/reset-password.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveForgotPasswordLogic, liveResetPasswordLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { ForgotPasswordDialog, preloadForgotPassword } from './forgot-password-dialog.tsx';

export interface ResetPasswordPageProps extends FlowHooks<typeof resetPasswordMachine> {
  /** Test hooks for the Forgot Password dialog ("Request a new link" when the link cannot be used). */
  forgotPassword?: FlowHooks<typeof forgotPasswordMachine>;
}

const BACK = { type: 'resetPassword.backToLogin' } as const;
const SUBMIT = { type: 'resetPassword.submit', newPassword: '', confirmPassword: '' } as const;
const OPEN_FORGOT = { type: 'forgotPassword.open' } as const;

/** /reset-password?token=…: available signed in or not. The token is read, sent, never shown. */
export function ResetPasswordPage({ logic = liveResetPasswordLogic, options, forgotPassword }: ResetPasswordPageProps) {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const [state, send] = useFlowActor(
    logic.provide({ actions: { goToLogin: () => navigate('/login', { replace: true }) } }),
    { input: { token }, options },
  );
  const [forgot, sendForgot] = useFlowActor(forgotPassword?.logic ?? liveForgotPasswordLogic, {
    options: forgotPassword?.options,
  });
  const backToLogin = (
    <Button variant="secondary" block onClick={() => send(BACK)} {...enabledFor(state, BACK)}>
      Back to Login
    </Button>
  );

  if (state.matches('succeeded') || state.matches('redirected')) {
    return (
      <AuthLayout title={text.success} subtitle="You can now sign in with your new password.">
        <div className="auth-success">
          <AuthStatus text="Taking you to the login page in 3 seconds…" />
          {backToLogin}
        </div>
      </AuthLayout>
    );
  }
  if (state.matches('checking')) {
    return (
      <AuthLayout title="Reset your password">
        <div className="auth-progress">
          <Spinner />
          <AuthStatus text="Checking your reset link…" />
        </div>
        {backToLogin}
      </AuthLayout>
    );
  }
  if (state.matches('missingToken') || state.matches('unusable')) {
    return (
      <AuthLayout title="Reset your password">
        <div className="auth-success">
          <AuthAlert message={state.context.error} />
          <Button
            block
            onClick={() => sendForgot(OPEN_FORGOT)}
            {...preloadForgotPassword}
            {...enabledFor(forgot, OPEN_FORGOT)}
          >
            Request a new link
          </Button>
          {backToLogin}
        </div>
        <ForgotPasswordDialog state={forgot} send={sendForgot} />
      </AuthLayout>
    );
  }

  const submit = onFormSubmit((field) =>
    send({
      type: 'resetPassword.submit',
      newPassword: field('newPassword'),
      confirmPassword: field('confirmPassword'),
    }),
  );
  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Reset your password">
        <Field
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
        />
        <Field
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <AuthAlert message={state.hasTag('error') ? state.context.error : null} />
        <Button type="submit" block {...enabledFor(state, SUBMIT)}>
          Reset Password
        </Button>
        <AuthStatus text={state.hasTag('busy') ? 'Resetting your password…' : ''} />
        {backToLogin}
      </form>
    </AuthLayout>
  );
}
