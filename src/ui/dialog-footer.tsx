import type { Ref } from 'react';
import { Button } from './button.tsx';
import type { CloseControl } from './modal.tsx';

/** One button of a dialog's footer. */
export interface DialogAction {
  label: string;
  /** Read instead of `label` while the dialog is busy ("Saving...", "Deleting..."). */
  busyLabel?: string;
  onClick?: () => void;
  /** `enabledFor(state, event)`: enabled exactly when the machine takes the event, and marked for the tests. */
  control?: CloseControl;
  /** The id of the form in the dialog's body this button submits (Enter in a field submits it too). */
  form?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The footer of a dialog that asks for one thing: the way out on the left (secondary, "Cancel" unless
 * said otherwise) and the action on the right (primary, or danger for a destructive one), whose label
 * reads `busyLabel` while the dialog is busy. Pass it as Modal's `footer`.
 */
export function DialogFooter({
  cancel,
  confirm,
  busy = false,
  danger = false,
  focusCancel = false,
}: {
  cancel: Omit<DialogAction, 'label' | 'form' | 'busyLabel'> & { label?: string };
  confirm: DialogAction;
  busy?: boolean;
  danger?: boolean;
  /** Focus starts on the way out (destructive questions: Enter never confirms by accident). */
  focusCancel?: boolean;
}) {
  return (
    <>
      <Button
        ref={cancel.ref}
        variant="secondary"
        data-autofocus={focusCancel || undefined}
        onClick={cancel.onClick}
        {...cancel.control}
      >
        {cancel.label ?? 'Cancel'}
      </Button>
      <Button
        ref={confirm.ref}
        variant={danger ? 'danger' : 'primary'}
        type={confirm.form ? 'submit' : 'button'}
        form={confirm.form}
        onClick={confirm.onClick}
        {...confirm.control}
      >
        {busy && confirm.busyLabel ? confirm.busyLabel : confirm.label}
      </Button>
    </>
  );
}
