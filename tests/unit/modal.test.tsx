/**
 * The shared dialog keeps keyboard focus where a person can use it: inside, on a sensible control while
 * the content changes, back on the opener after closing; Escape works wherever focus is.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '#src/ui/button.tsx';
import { Modal } from '#src/ui/modal.tsx';

const pressEscape = (target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key: 'Escape' });

/** A dialog whose form is replaced by a message after sending, as Forgot Password does. */
function SendDialog({ onClose, result }: { onClose: () => void; result: Promise<void> }) {
  const [step, setStep] = useState<'form' | 'sending' | 'sent'>('form');
  const send = () => {
    setStep('sending');
    void result.then(() => setStep('sent'));
  };
  return step === 'sent' ? (
    <Modal title="Check Your Email" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      <p>If an account with that email exists, we've sent you a password reset link.</p>
    </Modal>
  ) : (
    <Modal
      title="Forgot Password"
      onClose={onClose}
      footer={
        <Button onClick={send} disabled={step === 'sending'}>
          Send Reset Link
        </Button>
      }
    >
      <label>
        Email <input name="email" />
      </label>
    </Modal>
  );
}

function Opener({ children }: { children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* Disabled while its dialog is open, as enabledFor does: focus must still come back to it. */}
      <Button onClick={() => setOpen(true)} disabled={open}>
        Open
      </Button>
      <Button>Elsewhere</Button>
      {open && children(() => setOpen(false))}
    </>
  );
}

describe('Modal', () => {
  it('focuses the first field, keeps Tab inside, and gives focus back to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Opener>
        {(close) => (
          <Modal title="Edit" onClose={close} footer={<Button>Save</Button>}>
            <label>
              Name <input />
            </label>
          </Modal>
        )}
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('puts the caret after a prefilled field instead of selecting it (typing must not replace the name)', () => {
    render(
      <Modal title="Edit" onClose={() => {}}>
        <input aria-label="Business Name" defaultValue="Harbour Lane Coffee" />
      </Modal>,
    );
    const field = screen.getByLabelText<HTMLInputElement>('Business Name');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([19, 19]);
  });

  it('closes on Escape even when focus has fallen to the page body', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Edit" onClose={onClose}>
        <p>Text</p>
      </Modal>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    pressEscape(document.body);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('after "Check Your Email" replaces the form, focus is on Done and Escape still closes', async () => {
    let answer = () => {};
    const result = new Promise<void>((resolve) => (answer = resolve));
    const onClose = vi.fn();
    render(<SendDialog onClose={onClose} result={result} />);
    const send = screen.getByRole('button', { name: 'Send Reset Link' });
    send.focus();
    fireEvent.click(send);
    // Sending: the button is off; focus waits on the dialog instead of falling to the body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Forgot Password' })));
    await act(async () => answer());
    const sent = await screen.findByRole('dialog', { name: 'Check Your Email' });
    await waitFor(() => expect(document.activeElement).toBe(within(sent).getByRole('button', { name: 'Done' })));
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('when one dialog swaps its content, focus moves from the removed control to the new one', async () => {
    function Swapping() {
      const [sent, setSent] = useState(false);
      return (
        <Modal
          title={sent ? 'Check Your Email' : 'Forgot Password'}
          onClose={() => {}}
          footer={sent ? <Button>Done</Button> : <Button onClick={() => setSent(true)}>Send Reset Link</Button>}
        >
          {sent ? <p>Sent.</p> : <input aria-label="Email" />}
        </Modal>
      );
    }
    render(<Swapping />);
    const send = screen.getByRole('button', { name: 'Send Reset Link' });
    send.focus();
    fireEvent.click(send);
    const dialog = screen.getByRole('dialog', { name: 'Check Your Email' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Done' })));
  });

  it('brings focus back to a button that was off while busy (a failed save)', async () => {
    function Saving() {
      const [busy, setBusy] = useState(false);
      return (
        <Modal
          title="Edit"
          onClose={() => {}}
          footer={
            <>
              <Button onClick={() => setBusy(false)}>Answer</Button>
              <Button disabled={busy} onClick={() => setBusy(true)}>
                Save
              </Button>
            </>
          }
        >
          <input aria-label="Name" disabled={busy} />
        </Modal>
      );
    }
    render(<Saving />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Edit' })));
    fireEvent.click(screen.getByRole('button', { name: 'Answer' })); // the server answers with an error
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('does nothing on Escape, the close button or the backdrop while the flow refuses to close', async () => {
    const onClose = vi.fn();
    render(
      <Modal title="Saving" onClose={onClose} closeControl={{ 'data-event': 'profile.cancel', disabled: true }}>
        <p>Text</p>
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    expect((close as HTMLButtonElement).disabled).toBe(true);
    expect(close.getAttribute('data-event')).toBe('profile.cancel');
    pressEscape();
    fireEvent.mouseDown(document.querySelector('.modal-backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with a question over a form, Escape answers the question only, and focus goes back into the form', async () => {
    const closeForm = vi.fn();
    function Stacked() {
      const [asking, setAsking] = useState(false);
      return (
        <Modal title="Form" onClose={closeForm} footer={<Button onClick={() => setAsking(true)}>Cancel</Button>}>
          <input aria-label="Name" />
          {asking && (
            <Modal role="alertdialog" title="Discard?" onClose={() => setAsking(false)}>
              <Button data-autofocus>Keep editing</Button>
            </Modal>
          )}
        </Modal>
      );
    }
    render(<Stacked />);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.click(cancel);
    const question = screen.getByRole('alertdialog', { name: 'Discard?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep editing' }));
    pressEscape();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(closeForm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(cancel);
    pressEscape();
    expect(closeForm).toHaveBeenCalledTimes(1);
  });
});
