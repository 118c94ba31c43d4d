import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { useFocusTrap } from './use-focus-trap.ts';

/** What a flow view spreads on the close controls: `enabledFor(state, { type: '….cancel' })`. */
export interface CloseControl {
  'data-event'?: string;
  disabled?: boolean;
}

export interface ModalProps {
  title: string;
  /** A line under the title in the header (the chat's customer e-mail), read as the dialog's description. */
  subtitle?: string | null;
  /** The close button, Escape (wherever focus is) and a backdrop click. */
  onClose: () => void;
  /** From the flow (`enabledFor`): while disabled, the close button is off and Escape and the backdrop do nothing. */
  closeControl?: CloseControl;
  children: ReactNode;
  footer?: ReactNode;
  /** Element to focus on open; else `[data-autofocus]`, else the first control of the body, else of the footer. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  /** 'alertdialog' for a question that interrupts (e.g. "Discard unsaved changes?"). */
  role?: 'dialog' | 'alertdialog';
}

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * The one dialog of the portal. Focus is trapped inside and kept on a sensible element while its content
 * changes (see use-focus-trap.ts), Escape closes it wherever focus is, and focus returns to the opener.
 * Dialogs may stack (a question over a form): only the topmost one hears Escape and holds focus.
 *
 * Not the native <dialog>: Chromium lets a second Escape close a modal <dialog> without a cancelable
 * event, which would skip a flow's "Discard unsaved changes?" question, and jsdom has no showModal()
 * (docs/decisions/005-dialogs-and-focus.md).
 */
export function Modal({
  title,
  subtitle,
  onClose,
  closeControl,
  children,
  footer,
  initialFocus,
  className,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = () => {
    if (!closeControl?.disabled) onClose();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useFocusTrap([dialogRef], {
    active: true,
    onEscape: () => closeRef.current(),
    preferred: () => {
      if (initialFocus?.current) return initialFocus.current;
      const dialog = dialogRef.current;
      const auto = dialog?.querySelector<HTMLElement>('[data-autofocus]:not(:disabled)');
      const inBody = dialog?.querySelector<HTMLElement>(`.modal-body :is(${CONTROLS})`);
      const inFooter = [...(dialog?.querySelectorAll<HTMLElement>(`.modal-footer :is(${CONTROLS})`) ?? [])].at(-1);
      return auto ?? inBody ?? inFooter ?? null;
    },
  });

  return createPortal(
    // The backdrop is a mouse convenience; keyboard users have Escape and the Close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: backdrop click is not the only way to close
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal */}
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? `${titleId}-subtitle` : undefined}
        tabIndex={-1}
        className={['modal', className].filter(Boolean).join(' ')}
      >
        <div className="modal-header">
          {subtitle ? (
            <div className="modal-heading">
              <h2 id={titleId}>{title}</h2>
              <p id={`${titleId}-subtitle`} className="modal-subtitle">
                {subtitle}
              </p>
            </div>
          ) : (
            <h2 id={titleId}>{title}</h2>
          )}
          <Button variant="ghost" icon aria-label="Close" {...closeControl} onClick={() => closeRef.current()}>
            <CloseIcon />
          </Button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
