/**
 * Keyboard focus for modal surfaces (the shared Modal, the phone drawer), on top of the `focus-trap`
 * library: Tab and Shift+Tab wrap inside, focus that wanders outside is brought back, Escape works
 * wherever focus is (it is heard on the document, by the topmost trap only), and focus goes back to
 * the opener on close. What the library does not do, done here:
 * - focus never falls to <body> while content changes: when the focused control is disabled (e.g. "Save"
 *   while saving) focus waits on the surface itself and comes back to that control when it is enabled
 *   again; when the focused control is removed (e.g. "Check Your Email" replaces the form) focus moves
 *   to the surface's preferred element (`[data-autofocus]`, else its first control);
 * - the opener is remembered even when it was disabled by the click that opened the surface.
 */
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import { type RefObject, useEffect, useRef } from 'react';
import { lastFocused } from './last-focused.ts';

/** Where a closing surface gives focus back; a surface below it that resumes takes it from here. */
let handBack: HTMLElement | null = null;

export interface FocusTrapOptions {
  /** While true the trap holds focus; false (or unmount) releases it and returns focus to the opener. */
  active: boolean;
  /** Escape, wherever focus is; only the topmost trap hears it. */
  onEscape?: () => void;
  /**
   * Where focus goes on activation and after the focused control disappears: this element if usable,
   * else the first `[data-autofocus]` inside, else the first control.
   */
  preferred?: () => HTMLElement | null;
  /** Where focus goes on release when the opener is unknown (e.g. it was inside), else the opener. */
  returnTo?: () => HTMLElement | null;
}

const isUsable = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && !el.matches(':disabled') && !el.closest('[inert], [hidden]');

/**
 * `containers`: the elements focus stays in, in Tab order. The first one is the surface: it must accept
 * focus (tabIndex -1), as focus waits there while nothing inside can take it.
 */
export function useFocusTrap(containers: Array<RefObject<HTMLElement | null>>, options: FocusTrapOptions) {
  const latest = useRef(options);
  latest.current = options;
  const refs = useRef(containers);
  refs.current = containers;

  useEffect(() => {
    if (!options.active) return;
    const elements = refs.current.map((ref) => ref.current).filter((el): el is HTMLElement => el !== null);
    const surface = elements[0];
    if (!surface) return;
    const inside = (el: Element | null) => !!el && elements.some((container) => container.contains(el));
    const active = () => document.activeElement;
    const opener = (() => {
      const current = active();
      if (current instanceof HTMLElement && current !== document.body && !inside(current)) return current;
      const last = lastFocused(); // the opener, when the click that opened this surface disabled it
      return last && !inside(last) ? last : null;
    })();
    const preferred = () => {
      const wanted = latest.current.preferred?.();
      if (isUsable(wanted)) return wanted;
      const auto = surface.querySelector('[data-autofocus]');
      return isUsable(auto) ? auto : null;
    };

    let paused = false;
    /** Set while a surface stacked on this one closes: focus is then already where it belongs. */
    let resuming = false;
    /** The control that last had focus inside, and whether focus is only waiting on the surface for it. */
    let remembered: HTMLElement | null = null;
    let waiting = false;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target !== surface && inside(target)) {
        remembered = target;
        waiting = false;
      }
    };
    document.addEventListener('focusin', onFocusIn);

    const trap: FocusTrap = createFocusTrap(elements, {
      initialFocus: () => {
        if (!resuming) return preferred() ?? undefined;
        resuming = false;
        // The surface on top closed: focus goes where it came from (if that is in here).
        return handBack && inside(handBack) ? handBack : undefined;
      },
      fallbackFocus: surface,
      escapeDeactivates: (event) => {
        event.preventDefault();
        // An open combobox list (Customer Email's suggestions) takes this Escape: only the list closes.
        const target = event.target as Element | null;
        if (target?.getAttribute?.('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true')
          return false;
        latest.current.onEscape?.();
        return false; // the owner decides whether the surface closes (a machine may refuse or ask first)
      },
      allowOutsideClick: true, // the backdrop closes by its own handler
      returnFocusOnDeactivate: false, // done below, only when focus has nowhere better to be
      delayInitialFocus: false, // activation runs in an effect, after the opening click is over
      // Covered by a surface stacked on top (a question over a form): out of reach until it closes.
      onPause: () => {
        paused = true;
        surface.setAttribute('inert', '');
      },
      onUnpause: () => {
        paused = false;
        resuming = true;
        surface.removeAttribute('inert');
      },
      onPostUnpause: keepTextUnselected,
    });
    trap.activate();
    keepTextUnselected();
    // Opened while nothing inside could take focus (e.g. busy): wait on the surface for a control.
    waiting = active() === surface;

    // Content changed: if focus fell out (removed or disabled control), put it somewhere sensible.
    const keepFocus = () => {
      if (paused) return; // a surface on top (a nested dialog) owns focus now
      const current = active();
      const lost = !current || current === document.body || !inside(current) || !isUsable(current);
      if (lost) {
        if (remembered?.isConnected) {
          // Disabled for a moment (busy): wait on the surface, come back when it is enabled again.
          waiting = true;
          surface.focus();
        } else {
          const next = preferredOrFirst();
          waiting = next === surface;
          next.focus();
        }
        return;
      }
      if (waiting && current === surface) {
        // The control focus waited for is back (enabled again), or gone for good: then the preferred one.
        const stillThere = remembered?.isConnected === true;
        const next = isUsable(remembered) ? remembered : stillThere ? null : preferredOrFirst();
        if (next && next !== surface) {
          waiting = false;
          next.focus();
        }
      }
    };
    const preferredOrFirst = () => preferred() ?? firstControl(surface, elements);
    const observer = new MutationObserver(keepFocus);
    for (const el of elements) {
      observer.observe(el, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['disabled', 'hidden', 'inert'],
      });
    }

    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      // Back to the opener, unless focus already moved on to something outside (e.g. the new page).
      const current: Element | null = active();
      const stranded = current === null || current === document.body || !current.isConnected || inside(current);
      handBack = stranded ? (opener ?? latest.current.returnTo?.() ?? null) : null;
      trap.deactivate({ returnFocus: false }); // a surface below resumes here, taking `handBack`
      surface.removeAttribute('inert');
      if (isUsable(handBack) && active() !== handBack) handBack.focus();
      handBack = null;
    };
  }, [options.active]);
}

/** The first control of the surface's containers, else the surface itself. */
function firstControl(surface: HTMLElement, elements: HTMLElement[]): HTMLElement {
  const selector =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  for (const container of elements) {
    for (const el of container.querySelectorAll<HTMLElement>(selector)) if (isUsable(el)) return el;
  }
  return surface;
}

/**
 * focus-trap selects the whole text of a field it focuses; a person who then types would replace their
 * business name. Put the caret at the end instead, as a click into the field would.
 */
function keepTextUnselected() {
  const el = document.activeElement;
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
  try {
    const end = el.value.length;
    el.setSelectionRange(end, end);
  } catch {
    // Inputs without a text selection (e.g. type=email in some browsers) have nothing selected anyway.
  }
}
