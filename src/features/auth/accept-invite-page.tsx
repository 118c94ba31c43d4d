/**
 * /accept-invite?token=… (issue 25, decision 026): open signed in or out. A signed-in visitor is asked to
 * sign out first (the account joining is a new one). Otherwise the accept-invite machine: the link is
 * checked, then the form, then "Welcome to the team" or why the link cannot be used. The token is read,
 * sent, never shown.
 */
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { ROLE_LABELS, TEAM_TEXTS } from '#contracts/team.ts';
import {
  ACCEPT_FIELDS,
  ACCEPT_INVITE_TEXTS,
  type AcceptField,
  type acceptInviteMachine,
} from '#machines/accept-invite.machine.ts';
import type { SessionAwareProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveAcceptInviteLogic } from './accept-invite.wiring.ts';
import { AuthAlert, AuthLayout, AuthStatus, onFormSubmit } from './auth-layout.tsx';

export const ACCEPT_INVITE_TITLE = 'Join the team';
export const SIGN_OUT_FIRST =
  'You are signed in. An invitation makes a new account: sign out first, then open the link again.';

const SUBMIT = { type: 'acceptInvite.submit', firstName: '', lastName: '', password: '' } as const;
const RETRY = { type: 'acceptInvite.retry' } as const;

export interface AcceptInvitePageProps extends FlowHooks<typeof acceptInviteMachine>, SessionAwareProps {}

const toLogin = (
  <Link href="/login" className="btn btn-primary btn-block">
    Go to Login
  </Link>
);

export function AcceptInvitePage({ signedIn = false, onSignOut, ...hooks }: AcceptInvitePageProps) {
  if (signedIn) {
    return (
      <AuthLayout title={ACCEPT_INVITE_TITLE}>
        <div className="auth-success">
          <p>{SIGN_OUT_FIRST}</p>
          <Button block onClick={onSignOut}>
            Sign Out
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return <AcceptInviteFlow {...hooks} />;
}

function AcceptInviteFlow({ logic = liveAcceptInviteLogic, options }: FlowHooks<typeof acceptInviteMachine>) {
  const token = new URLSearchParams(useSearch()).get('token');
  const [state, send] = useFlowActor(logic, { input: { token }, options });
  const { invitation, fieldErrors, error } = state.context;
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused press, the first field that says why gets the focus (as on Register).
  useEffect(() => {
    const first = ACCEPT_FIELDS.find((name) => fieldErrors[name]);
    const control = first && formRef.current?.elements.namedItem(first);
    if (control instanceof HTMLElement) control.focus();
  }, [fieldErrors]);

  if (state.matches('succeeded')) {
    return (
      <AuthLayout title={ACCEPT_INVITE_TITLE}>
        <div className="auth-success">
          <p role="status">{TEAM_TEXTS.accepted}</p>
          {toLogin}
        </div>
      </AuthLayout>
    );
  }
  if (state.matches('checking')) {
    return (
      <AuthLayout title={ACCEPT_INVITE_TITLE}>
        <div className="auth-progress">
          <Spinner />
          <AuthStatus text={ACCEPT_INVITE_TEXTS.checking} />
        </div>
      </AuthLayout>
    );
  }
  if (state.matches('failed') || state.matches('unreachable')) {
    return (
      <AuthLayout title={ACCEPT_INVITE_TITLE}>
        <div className="auth-success">
          <AuthAlert message={error} />
          {state.matches('unreachable') && (
            <Button block onClick={() => send(RETRY)} {...enabledFor(state, RETRY)}>
              Try again
            </Button>
          )}
          {toLogin}
        </div>
      </AuthLayout>
    );
  }

  const submit = onFormSubmit((field) =>
    send({
      type: 'acceptInvite.submit',
      firstName: field('firstName'),
      lastName: field('lastName'),
      password: field('password'),
    }),
  );
  const field = (name: AcceptField) => ({ name, error: fieldErrors[name] ?? null, required: true });
  return (
    <AuthLayout
      title={ACCEPT_INVITE_TITLE}
      subtitle={invitation ? `${invitation.businessname} invites you as ${ROLE_LABELS[invitation.role]}.` : undefined}
      footer={
        <p>
          Already have an account? <Link href="/login">Sign in</Link>
        </p>
      }
    >
      <form ref={formRef} className="auth-form" onSubmit={submit} noValidate aria-label={ACCEPT_INVITE_TITLE}>
        <Field label="Email Address" name="email" type="email" value={invitation?.email ?? ''} readOnly />
        <Field label="Role" name="role" value={invitation ? ROLE_LABELS[invitation.role] : ''} readOnly />
        <div className="auth-form-row">
          <Field label="First Name" autoComplete="given-name" {...field('firstName')} />
          <Field label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <AuthAlert message={state.matches({ form: 'refused' }) ? error : null} />
        <Button type="submit" block {...enabledFor(state, SUBMIT)}>
          {ACCEPT_INVITE_TITLE}
        </Button>
        <AuthStatus text={state.hasTag('busy') ? ACCEPT_INVITE_TEXTS.joining : ''} />
      </form>
    </AuthLayout>
  );
}
