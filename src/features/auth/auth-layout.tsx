import type { FormEvent, ReactNode } from 'react';
import { Alert } from '#src/ui/alert.tsx';

/** The brand mark: a ticket with a heart, for loyalty and vouchers. Decorative; the name is text. */
function BrandMark() {
  return (
    <svg className="auth-brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path
        d="M16 23.5s-6.5-3.9-6.5-8.4A3.6 3.6 0 0 1 16 13a3.6 3.6 0 0 1 6.5 2.1c0 4.5-6.5 8.4-6.5 8.4Z"
        fill="#fff"
      />
    </svg>
  );
}

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Links under the card body, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
}

/** The centred card every signed-out page uses. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="auth-brand">
          <BrandMark />
          <span>Business Portal</span>
        </p>
        <header className="auth-header">
          <h1 className="auth-title">{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        </header>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </main>
  );
}

/** An error the owner must read: announced at once. */
export function AuthAlert({ message }: { message: string | null }) {
  return <Alert text={message} className="auth-alert" />;
}

/** Always present, so screen readers announce the text when it appears. */
export function AuthStatus({ text }: { text: string }) {
  return (
    <p role="status" className="auth-status">
      {text}
    </p>
  );
}

/**
 * A form's onSubmit: stops the page load and hands `send` a reader of the submitted text fields, so each
 * page only says which event it sends. Drafts live in the DOM, not in React state.
 */
export const onFormSubmit =
  (send: (field: (name: string) => string) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send((name) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    });
  };
