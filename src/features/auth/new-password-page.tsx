import { shallowEqual } from '@xstate/react';
import { Link } from 'wouter';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { useSignInRef, useSignInSelector } from './sign-in-flow.tsx';

/** /new-password-required: answers the provider's NEW_PASSWORD_REQUIRED challenge. Inside SignInFlowProvider. */
export function NewPasswordPage() {
  const signIn = useSignInRef();
  const view = useSignInSelector(
    (s) => ({
      busy: s.hasTag('busy'),
      signedIn: s.matches('signedIn'),
      error: s.hasTag('error') ? s.context.error : null,
    }),
    shallowEqual,
  );

  const submit = onFormSubmit((field) =>
    signIn.send({
      type: 'signIn.submitNewPassword',
      newPassword: field('newPassword'),
      confirmPassword: field('confirmPassword'),
    }),
  );

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Your account needs a new password before you can continue."
      footer={
        <p>
          <Link href="/login">Back to sign in</Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Set a new password">
        <Field label="New Password" name="newPassword" type="password" autoComplete="new-password" required />
        <Field
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <AuthAlert message={view.error} />
        <Button type="submit" block disabled={view.busy || view.signedIn}>
          Set New Password and Sign In
        </Button>
        <AuthStatus
          text={view.busy ? 'Setting your new password…' : view.signedIn ? 'Signed in. Opening your portal…' : ''}
        />
      </form>
    </AuthLayout>
  );
}
