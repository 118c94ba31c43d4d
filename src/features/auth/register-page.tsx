import { useRef } from 'react';
import { Link } from 'wouter';
import {
  type RegisterField,
  type RegisterFields,
  type registerMachine,
  registerMessages,
} from '#machines/register.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { liveRegisterLogic } from './account.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';

const EMPTY: RegisterFields = { firstName: '', lastName: '', email: '', password: '', businessName: '' };
const SUBMIT = { type: 'register.submit', ...EMPTY } as const;

/** /register: "Register Your Business". */
export function RegisterPage({ logic = liveRegisterLogic, options }: FlowHooks<typeof registerMachine>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, send] = useFlowActor(
    logic.provide({
      actions: {
        focusField: (_, { field }: { field: RegisterField }) => {
          const control = formRef.current?.elements.namedItem(field);
          if (control instanceof HTMLElement) control.focus();
        },
      },
    }),
    { options },
  );
  const { fieldErrors, error, email } = state.context;

  if (state.matches('succeeded')) {
    return (
      <AuthLayout title={registerMessages.success}>
        <div className="auth-success">
          <p>
            We've sent a verification email to <strong>{email}</strong>. Open the link in it to verify your address,
            then sign in.
          </p>
          <Link href="/login" className="btn btn-primary btn-block">
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const submit = onFormSubmit((field) =>
    send({
      type: 'register.submit',
      firstName: field('firstName'),
      lastName: field('lastName'),
      email: field('email'),
      password: field('password'),
      businessName: field('businessName'),
    }),
  );
  // What a field needs: its message when invalid, and an edit event so the message goes once it is fixed.
  const field = (name: RegisterField) => ({
    name,
    error: fieldErrors[name] ?? null,
    onChange: () => send({ type: 'register.edit', field: name }),
    required: true,
  });

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
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label="Register Your Business">
        <div className="auth-form-row">
          <Field label="First Name" autoComplete="given-name" {...field('firstName')} />
          <Field label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <Field label="Email Address" type="email" autoComplete="email" {...field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <Field label="Business Name" autoComplete="organization" {...field('businessName')} />
        <AuthAlert message={state.matches({ form: 'failed' }) ? error : null} />
        <Button type="submit" block {...enabledFor(state, SUBMIT)}>
          Register
        </Button>
        <AuthStatus text={state.hasTag('busy') ? 'Registering…' : ''} />
      </form>
    </AuthLayout>
  );
}
