/**
 * The last element that had focus anywhere: a dialog's opener, when the click that opened it also
 * disabled it (use-focus-trap.ts). Heard from the start (main.tsx imports this module): the dialog code
 * may arrive later, in its own chunk, after the opener was focused.
 */
let last: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) last = event.target;
  });
}

export const lastFocused = (): HTMLElement | null => last;
