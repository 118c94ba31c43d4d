/**
 * ConfirmDialog, the one destructive question (delete, archive, discard): the spec's texts passed in,
 * focus on the way out so that Enter never confirms by accident, and back there when the question is
 * asked again after the action ran (docs/decisions/005-dialogs-and-focus.md).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';

type Step = 'closed' | 'asking' | 'working' | 'askingAgain';

/** A row's Delete button and its question, driven the way a flow machine drives it. */
function Row({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [step, setStep] = useState<Step>('closed');
  const working = step === 'working';
  return (
    <>
      <Button onClick={() => setStep('asking')}>Delete Window Table</Button>
      {step !== 'closed' && (
        <ConfirmDialog
          title="Confirm Deletion"
          busy={working}
          error={step === 'askingAgain' ? 'Window Table has 3 upcoming bookings.' : null}
          cancel={{
            onClick: () => {
              onCancel();
              setStep('closed');
            },
            control: { 'data-event': 'x.cancel', disabled: working },
          }}
          confirm={{
            label: step === 'askingAgain' ? 'Cancel Bookings and Delete' : 'Confirm Delete',
            busyLabel: 'Deleting...',
            onClick: () => {
              onConfirm();
              setStep('working');
            },
            control: { 'data-event': 'x.confirm', disabled: working },
          }}
        >
          <p>This action cannot be undone.</p>
        </ConfirmDialog>
      )}
      <Button onClick={() => setStep('askingAgain')}>server says: bookings ahead</Button>
    </>
  );
}

const setup = () => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(<Row onConfirm={onConfirm} onCancel={onCancel} />);
  return { user, onConfirm, onCancel };
};

describe('ConfirmDialog', () => {
  it('asks with the texts it is given, as an alertdialog, and starts on Cancel', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Window Table' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm Delete' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('Enter answers Cancel, never the action; a key held from the opening press cancels again', async () => {
    const { user, onConfirm, onCancel } = setup();
    screen.getByRole('button', { name: 'Delete Window Table' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Focus is back on the row's button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Window Table' }));
  });

  it('Escape answers Cancel; while the action runs Escape and both buttons wait', async () => {
    const { user, onConfirm, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Window Table' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Delete Window Table' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Deleting...' }).matches(':disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).matches(':disabled')).toBe(true);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('asked again after the action ran (bookings ahead), focus is back on Cancel, not on the button pressed', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete Window Table' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' })); // a click focuses the button
    // The server answers: bookings lie ahead; the question is asked again with the reason.
    screen.getByRole('button', { name: 'server says: bookings ahead', hidden: true }).click();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('alert').textContent).toBe('Window Table has 3 upcoming bookings.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
