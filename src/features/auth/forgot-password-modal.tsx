import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { type forgotPasswordMachine, forgotPasswordMessages as text } from '#machines/forgot-password.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { AuthAlert, AuthStatus, onFormSubmit } from './auth-layout.tsx';

const FORM_ID = 'auth-forgot-password-form';

/** The Forgot Password dialog of the Login page; its actor lives in the page. */
export function ForgotPasswordModal({ actor }: { actor: ActorRefFrom<typeof forgotPasswordMachine> }) {
  const view = useSelector(
    actor,
    (s) => ({
      open: !s.matches('closed'),
      sent: s.matches({ open: 'sent' }),
      busy: s.hasTag('busy'),
      error: s.context.error,
      email: s.context.email,
    }),
    shallowEqual,
  );
  if (!view.open) return null;

  const close = () => actor.send({ type: 'forgotPassword.close' });
  const submit = onFormSubmit((field) => actor.send({ type: 'forgotPassword.submit', email: field('email') }));

  if (view.sent) {
    return (
      <Modal title={text.sentTitle} onClose={close} footer={<Button onClick={close}>Done</Button>}>
        <p className="auth-modal-text">{text.sent}</p>
      </Modal>
    );
  }
  return (
    <Modal
      title={text.title}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={view.busy}>
            Send Reset Link
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="auth-form" onSubmit={submit} noValidate aria-label={text.title}>
        <p className="auth-modal-text">
          Enter the email you sign in with and we'll send you a link to choose a new password.
        </p>
        <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={view.email} required />
        <AuthAlert message={view.error} />
        <AuthStatus text={view.busy ? 'Sending…' : ''} />
      </form>
    </Modal>
  );
}
