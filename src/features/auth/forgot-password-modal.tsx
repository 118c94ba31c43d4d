import type { EventFrom, SnapshotFrom } from 'xstate';
import { type forgotPasswordMachine, forgotPasswordMessages as text } from '#machines/forgot-password.machine.ts';
import { enabledFor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { DialogFooter } from '#src/ui/dialog-footer.tsx';
import { Field } from '#src/ui/field.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { AuthAlert, AuthStatus, onFormSubmit } from './auth-layout.tsx';

const FORM_ID = 'auth-forgot-password-form';
const CLOSE = { type: 'forgotPassword.close' } as const;

export interface ForgotPasswordModalProps {
  state: SnapshotFrom<typeof forgotPasswordMachine>;
  send: (event: EventFrom<typeof forgotPasswordMachine>) => void;
}

/** The Forgot Password dialog; its actor lives in the page that opens it (Login, or a refused reset link). */
export function ForgotPasswordModal({ state, send }: ForgotPasswordModalProps) {
  if (state.matches('closed')) return null;

  const close = () => {
    if (state.can(CLOSE)) send(CLOSE);
  };
  const submit = onFormSubmit((field) => send({ type: 'forgotPassword.submit', email: field('email') }));

  if (state.matches({ open: 'sent' })) {
    return (
      <Modal
        title={text.sentTitle}
        onClose={close}
        footer={
          <Button onClick={close} {...enabledFor(state, CLOSE)}>
            Done
          </Button>
        }
      >
        <p className="auth-modal-text">{text.sent}</p>
      </Modal>
    );
  }
  const busy = state.hasTag('busy');
  return (
    <Modal
      title={text.title}
      onClose={close}
      footer={
        <DialogFooter
          cancel={{ onClick: close, control: enabledFor(state, CLOSE) }}
          confirm={{
            label: 'Send Reset Link',
            form: FORM_ID,
            control: enabledFor(state, { type: 'forgotPassword.submit', email: '' }),
          }}
        />
      }
    >
      <form id={FORM_ID} className="auth-form" onSubmit={submit} noValidate aria-label={text.title}>
        <p className="auth-modal-text">
          Enter the email you sign in with and we'll send you a link to choose a new password.
        </p>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={state.context.email}
          required
        />
        <AuthAlert message={state.hasTag('error') ? state.context.error : null} />
        <AuthStatus text={busy ? 'Sending…' : ''} />
      </form>
    </Modal>
  );
}
