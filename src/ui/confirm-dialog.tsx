import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Alert } from './alert.tsx';
import { type DialogAction, DialogFooter } from './dialog-footer.tsx';
import { type CloseControl, Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  /** The spec's title where it has one, e.g. "Confirm Deletion". */
  title: string;
  /** What goes and what that means, e.g. the spec's "This action cannot be undone.". */
  children: ReactNode;
  /** The action: `{ label: 'Confirm Delete', busyLabel: 'Deleting...', onClick, control: enabledFor(...) }`. */
  confirm: DialogAction;
  /** The way out: the button (label "Cancel" unless said otherwise), ×, Escape and the backdrop. */
  cancel: { label?: string; onClick: () => void; control?: CloseControl };
  /** ×, Escape and the backdrop, for a flow that hears them apart from the button (else `cancel`). */
  dismiss?: { onClick: () => void; control?: CloseControl };
  /** While the action runs: the action reads its busyLabel, and the machine turns both buttons off. */
  busy?: boolean;
  /** Why the action did not happen (or what to know before trying again), inside the question. */
  error?: string | null;
}

/**
 * The one destructive question of the portal (delete, archive, discard). Focus starts on the way out,
 * and comes back to it whenever the question is asked again after the action ran (e.g. "bookings lie
 * ahead: cancel them too?"), so Enter, or a key still held from the press that opened it, never confirms
 * by accident; confirming takes a deliberate Tab or click (docs/decisions/005-dialogs-and-focus.md).
 */
export function ConfirmDialog({ title, children, confirm, cancel, dismiss, busy = false, error }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(busy);
  // Layout effect: before the focus trap's own bookkeeping puts focus back on the button that was pressed.
  useLayoutEffect(() => {
    if (wasBusy.current && !busy) cancelRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return (
    <Modal
      role="alertdialog"
      className="modal-alert"
      title={title}
      onClose={(dismiss ?? cancel).onClick}
      closeControl={(dismiss ?? cancel).control}
      footer={<DialogFooter cancel={{ ...cancel, ref: cancelRef }} confirm={confirm} busy={busy} danger focusCancel />}
    >
      {children}
      <Alert text={error} />
    </Modal>
  );
}
