import type { ReactNode } from 'react';

/**
 * A failure the person must read (a refused save, a deletion that did not happen): announced at once
 * (role=alert). Renders nothing without a text, so a view writes `<Alert text={state.context.error} />`
 * where the message belongs. `children` go after the text (e.g. LoadError's "Try again").
 */
export function Alert({
  text,
  id,
  className,
  children,
}: {
  text: string | null | undefined;
  id?: string;
  className?: string;
  children?: ReactNode;
}) {
  if (!text) return null;
  return (
    <p id={id} className={['alert alert-error', className].filter(Boolean).join(' ')} role="alert">
      {children ? (
        <>
          <span>{text}</span>
          {children}
        </>
      ) : (
        text
      )}
    </p>
  );
}
