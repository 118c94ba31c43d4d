import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type resetPasswordMachine, resetPasswordMessages as text } from '#machines/reset-password.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { liveResetPasswordLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { type TestHooks, useActorOptions } from './test-hooks.ts';

/** /reset-password?token=…: available signed in or not. The token is read, sent, never shown. */
export function ResetPasswordPage({ logic, options }: TestHooks<typeof resetPasswordMachine>) {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const provided = useMemo(
    () =>
      (logic ?? liveResetPasswordLogic).provide({
        actions: { goToLogin: () => navigate('/login', { replace: true }) },
      }),
    [logic, navigate],
  );
  const actor = useActorRef(provided, { ...useActorOptions(options), input: { token } });
  const view = useSelector(
    actor,
    (s) => ({
      form: s.matches('form') || s.matches('submitting'),
      busy: s.hasTag('busy'),
      succeeded: s.matches('succeeded') || s.matches('redirected'),
      error: s.context.error,
    }),
    shallowEqual,
  );
  const backToLogin = (
    <Button variant="secondary" block onClick={() => actor.send({ type: 'resetPassword.backToLogin' })}>
      Back to Login
    </Button>
  );

  if (view.succeeded) {
    return (
      <AuthLayout title={text.success} subtitle="You can now sign in with your new password.">
        <div className="auth-success">
          <AuthStatus text="Taking you to the login page in 3 seconds…" />
          {backToLogin}
        </div>
      </AuthLayout>
    );
  }

  const submit = onFormSubmit((field) =>
    actor.send({
      type: 'resetPassword.submit',
      newPassword: field('newPassword'),
      confirmPassword: field('confirmPassword'),
    }),
  );

  return (
    <AuthLayout
      title="Reset your password"
      subtitle={view.form ? 'Choose a new password for your account.' : undefined}
    >
      {view.form ? (
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
          <AuthAlert message={view.error} />
          <Button type="submit" block disabled={view.busy}>
            Reset Password
          </Button>
          <AuthStatus text={view.busy ? 'Resetting your password…' : ''} />
          {backToLogin}
        </form>
      ) : (
        <div className="auth-success">
          <AuthAlert message={view.error} />
          {backToLogin}
        </div>
      )}
    </AuthLayout>
  );
}
