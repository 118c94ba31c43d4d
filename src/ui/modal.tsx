import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Element to focus on open; else the first focusable element of the body. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A dialog that keeps keyboard focus inside until it closes (Tab wraps, Escape closes, a backdrop click
 * closes), and gives focus back to whatever opened it.
 */
export function Modal({ title, onClose, children, footer, initialFocus, className }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const body = dialog?.querySelector<HTMLElement>('.modal-body');
    const target = initialFocus?.current ?? body?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    target?.focus();
    return () => opener?.focus?.();
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // The backdrop is a mouse convenience; keyboard users have Escape and the Close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: backdrop click is not the only way to close
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['modal', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <Button variant="ghost" icon aria-label="Close" onClick={() => onCloseRef.current()}>
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
