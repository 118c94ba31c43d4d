/**
 * Short confirmations ("Profile saved.") in one polite live region of the shell. Any view below the shell
 * calls `useToast()(text)`; the shell machine decides how long the text stays (its `toast` region).
 */
import { createContext, useContext } from 'react';
import { Button } from './button.tsx';
import { CheckIcon, CloseIcon } from './icons.tsx';
import type { CloseControl } from './modal.tsx';

export const ToastContext = createContext<(text: string) => void>(() => {});

/** Shows a short confirmation in the shell's status region. Outside the shell it does nothing. */
export const useToast = () => useContext(ToastContext);

export interface ToastRegionProps {
  /** The text on show, or null. */
  text: string | null;
  onDismiss: () => void;
  dismissControl?: CloseControl;
}

/**
 * Always in the page, so screen readers announce the text when it appears (role=status is polite and
 * does not move focus). The dismiss button sits beside the status, not inside it.
 */
export function ToastRegion({ text, onDismiss, dismissControl }: ToastRegionProps) {
  return (
    <div className="toast-region">
      <div className={text ? 'toast' : 'toast is-empty'}>
        {text && <CheckIcon />}
        <p role="status" className="toast-text">
          {text ?? ''}
        </p>
        {text && (
          <Button variant="ghost" icon aria-label="Dismiss" {...dismissControl} onClick={onDismiss}>
            <CloseIcon />
          </Button>
        )}
      </div>
    </div>
  );
}
