import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects on a narrow screen: after the "@" and before each
 * dot of the domain ("sam.patel@" / "customers" / ".example"), not in the middle of a word. Its text is
 * the address unchanged (copying, finding and screen readers see no difference).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {domain.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order, never reordered
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
