import { Link } from 'wouter';
import { enabledFor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { useSignInRef, useSignInSelector } from './sign-in-flow.tsx';

const SUBMIT = { type: 'signIn.submitNewPassword', newPassword: '', confirmPassword: '' } as const;
const RESTART = { type: 'signIn.restart' } as const;

const footer = (
  <p>
    <Link href="/login">Back to sign in</Link>
  </p>
);

/** /new-password-required: answers the provider's NEW_PASSWORD_REQUIRED challenge. Inside SignInFlowProvider. */
export function NewPasswordPage() {
  const signIn = useSignInRef();
  const state = useSignInSelector((s) => s);
  const error = state.hasTag('error') ? state.context.error : null;

  // After 3 minutes the provider has forgotten the challenge: a form here could only fail.
  if (state.matches({ ready: 'expired' })) {
    return (
      <AuthLayout title="Sign-in expired" footer={footer}>
        <div className="auth-success">
          <AuthAlert message={error} />
          <Button block onClick={() => signIn.send(RESTART)} {...enabledFor(state, RESTART)}>
            Sign in again
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const busy = state.hasTag('busy');
  const signedIn = state.matches('signedIn');
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
      subtitle="Your account needs a new password before you can continue. Please finish within 3 minutes."
      footer={footer}
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
        <AuthAlert message={error} />
        <Button type="submit" block {...enabledFor(state, SUBMIT)}>
          Set New Password and Sign In
        </Button>
        <AuthStatus text={busy ? 'Setting your new password…' : signedIn ? 'Signed in. Opening your portal…' : ''} />
      </form>
    </AuthLayout>
  );
}
