/**
 * The Forgot Password dialog as the pages use it: its view (with the dialog and focus-trap code) is a
 * chunk of its own, fetched when a control that opens it is hovered or focused and at the latest when
 * it opens, so the login page's first load does not carry it (docs/decisions/015-initial-bundle.md).
 */
import { lazyModule, useLoaded } from '#src/lib/lazy-module.ts';
import type { ForgotPasswordModalProps } from './forgot-password-modal.tsx';

export const forgotPasswordChunk = lazyModule(() => import('./forgot-password-modal.tsx'));

const preload = () => void forgotPasswordChunk.load().catch(() => undefined); // a failure shows on open

/** Spread on the controls that open the dialog: hovering or focusing one starts fetching it. */
export const preloadForgotPassword = { onPointerEnter: preload, onFocus: preload };

export function ForgotPasswordDialog(props: ForgotPasswordModalProps) {
  const open = !props.state.matches('closed');
  const ready = useLoaded(open ? [forgotPasswordChunk] : []);
  const View = forgotPasswordChunk.current()?.ForgotPasswordModal;
  return open && ready && View ? <View {...props} /> : null;
}
