import type { ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: Variant;
  /** Square button holding only an icon; give it an aria-label. */
  icon?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', icon, block, className, type = 'button', ...props }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, icon && 'btn-icon', block && 'btn-block', className].filter(Boolean);
  return <button type={type} className={classes.join(' ')} {...props} />;
}
