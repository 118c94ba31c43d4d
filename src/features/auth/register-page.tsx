import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { type registerMachine, registerMessages } from '#machines/register.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { liveRegisterLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';
import { type TestHooks, useActorOptions } from './test-hooks.ts';

/** /register: "Register Your Business". */
export function RegisterPage({ logic, options }: TestHooks<typeof registerMachine>) {
  const actor = useActorRef(logic ?? liveRegisterLogic, useActorOptions(options));
  const view = useSelector(
    actor,
    (s) => ({
      busy: s.hasTag('busy'),
      succeeded: s.matches('succeeded'),
      error: s.context.error,
      email: s.context.email,
    }),
    shallowEqual,
  );

  if (view.succeeded) {
    return (
      <AuthLayout title={registerMessages.success}>
        <div className="auth-success">
          <p>
            We've sent a verification email to <strong>{view.email}</strong>. Open the link in it to verify your
            address, then sign in.
          </p>
          <Link href="/login" className="btn btn-primary btn-block">
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const submit = onFormSubmit((field) =>
    actor.send({
      type: 'register.submit',
      firstName: field('firstName'),
      lastName: field('lastName'),
      email: field('email'),
      password: field('password'),
      businessName: field('businessName'),
    }),
  );

  return (
    <AuthLayout
      title="Register Your Business"
      subtitle="Create your owner account to start rewarding your customers."
      footer={
        <p>
          Already have an account? <Link href="/login">Sign in</Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Register Your Business">
        <div className="auth-form-row">
          <Field label="First Name" name="firstName" autoComplete="given-name" required />
          <Field label="Last Name" name="lastName" autoComplete="family-name" required />
        </div>
        <Field label="Email Address" name="email" type="email" autoComplete="email" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
        />
        <Field label="Business Name" name="businessName" autoComplete="organization" required />
        <AuthAlert message={view.error} />
        <Button type="submit" block disabled={view.busy}>
          Register
        </Button>
        <AuthStatus text={view.busy ? 'Registering…' : ''} />
      </form>
    </AuthLayout>
  );
}
