import {
  type resendVerificationMachine,
  resendVerificationMessages as text,
} from '#machines/resend-verification.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { liveResendVerificationLogic } from './account.wiring.ts';
import { AuthAlert, AuthStatus, onFormSubmit } from './auth-layout.tsx';

export interface ResendVerificationProps extends FlowHooks<typeof resendVerificationMachine> {
  /** The address: sent to as it is on the Login page, or pre-filled into the Email field with `askEmail`. */
  email?: string;
  /** Show an Email field (the verification page does not know the address). */
  askEmail?: boolean;
}

const SUBMIT = { type: 'resendVerification.submit', email: '' } as const;

/**
 * "Resend verification email": mounted only while a page offers it, so each offer starts afresh.
 * The answer is the same for every address, so the success text never confirms an account.
 */
export function ResendVerification({
  email = '',
  askEmail = false,
  logic = liveResendVerificationLogic,
  options,
}: ResendVerificationProps) {
  const [state, send] = useFlowActor(logic, { input: { email }, options });
  const error = state.hasTag('error') ? state.context.error : null;
  const status = state.hasTag('busy') ? 'Sending…' : state.matches({ ready: 'sent' }) ? text.sent : '';

  if (!askEmail) {
    return (
      <div className="auth-resend">
        <Button
          variant="secondary"
          block
          onClick={() => send({ type: 'resendVerification.submit', email: state.context.email })}
          {...enabledFor(state, SUBMIT)}
        >
          Resend verification email
        </Button>
        <AuthAlert message={error} />
        <AuthStatus text={status} />
      </div>
    );
  }
  return (
    <form
      className="auth-form auth-resend auth-resend-form"
      aria-label="Get a new verification link"
      noValidate
      onSubmit={onFormSubmit((field) => send({ type: 'resendVerification.submit', email: field('email') }))}
    >
      <p className="auth-modal-text">
        Need a new link? Enter the email address you registered with and we'll send you a new verification link.
      </p>
      <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={email} required />
      <AuthAlert message={error} />
      <Button type="submit" block {...enabledFor(state, SUBMIT)}>
        Resend verification email
      </Button>
      <AuthStatus text={status} />
    </form>
  );
}
