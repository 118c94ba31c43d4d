/**
 * The root layout of the signed-in portal (spec §2 "Shell"): sidebar, top bar, the page, and the
 * overlays opened from the top bar. Its toggles live in the shell machine; the business profile,
 * sign-out and profile-update actions come from the session via props.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { type NavGroup, type ShellPanel, shellMachine } from '#machines/shell.machine.ts';
import { useInspect } from '#src/lib/inspect.ts';
import { Button } from '#src/ui/button.tsx';
import { MenuIcon, MessageIcon, ProfileIcon, SignOutIcon } from '#src/ui/icons.tsx';
import { MessagesPanel } from './messages-panel.tsx';
import { Sidebar } from './sidebar.tsx';

// The profile dialog carries the QR code library: load it on first use, and warm it up on hover/focus.
const loadProfile = () => import('#src/features/profile/profile-modal.tsx');
const ProfileModal = lazy(loadProfile);

/** Phones get an off-canvas drawer instead of a collapsible sidebar (same breakpoint as shell.css). */
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 768px)').matches;

export interface ShellProps {
  business: BusinessProfile | null;
  onSignOut: () => void;
  onBusinessUpdated: (business: BusinessProfile) => void;
  children: ReactNode;
}

export function Shell({ business, onSignOut, onBusinessUpdated, children }: ShellProps) {
  const shell = useActorRef(shellMachine, { inspect: useInspect() });
  const view = useSelector(
    shell,
    (s) => ({
      collapsed: s.matches({ sidebar: 'collapsed' }),
      drawerOpen: s.matches({ drawer: 'open' }),
      openGroup: (s.matches({ groups: 'vouchers' })
        ? 'vouchers'
        : s.matches({ groups: 'bookings' })
          ? 'bookings'
          : null) as NavGroup | null,
      panel: (s.matches({ panel: 'messages' })
        ? 'messages'
        : s.matches({ panel: 'profile' })
          ? 'profile'
          : null) as ShellPanel | null,
    }),
    (a, b) =>
      a.collapsed === b.collapsed &&
      a.drawerOpen === b.drawerOpen &&
      a.openGroup === b.openGroup &&
      a.panel === b.panel,
  );
  const [location] = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // Follow the URL: open the group of the current page, close the phone drawer, and move focus to the
  // new page so screen-reader users hear it (not on the first render, where focus belongs to the browser).
  useEffect(() => {
    shell.send({ type: 'route.changed', path: location });
    if (firstRender.current) firstRender.current = false;
    else mainRef.current?.focus();
  }, [shell, location]);

  // The drawer is a modal surface on phones: focus goes in when it opens, Escape closes it.
  useEffect(() => {
    if (!view.drawerOpen) return;
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      shell.send({ type: 'drawer.close' });
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shell, view.drawerOpen]);

  const classes = ['shell', view.collapsed && 'is-collapsed', view.drawerOpen && 'is-drawer-open'].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside id="sidebar" ref={sidebarRef} className="sidebar" aria-label="Sidebar">
        <Sidebar
          businessName={business?.businessname}
          openGroup={view.openGroup}
          collapsed={view.collapsed}
          onToggleGroup={(group) => shell.send({ type: 'group.toggle', group })}
        />
      </aside>
      {view.drawerOpen && (
        // biome-ignore lint/a11y/noStaticElementInteractions: mouse convenience; Escape and the toggle close it too
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
        <div className="drawer-backdrop" onClick={() => shell.send({ type: 'drawer.close' })} />
      )}
      <div className="shell-body">
        <header className="topbar">
          <Button
            ref={toggleRef}
            variant="ghost"
            icon
            aria-label="Toggle sidebar"
            aria-controls="sidebar"
            aria-expanded={isNarrow() ? view.drawerOpen : !view.collapsed}
            onClick={() => shell.send({ type: 'sidebar.toggle', narrow: isNarrow() })}
          >
            <MenuIcon />
          </Button>
          <div className="topbar-actions">
            <Button
              variant="ghost"
              aria-label="Messages"
              onClick={() => shell.send({ type: 'panel.open', panel: 'messages' })}
            >
              <MessageIcon />
              <span className="topbar-label">Messages</span>
            </Button>
            <Button
              variant="ghost"
              aria-label="Profile"
              onMouseEnter={loadProfile}
              onFocus={loadProfile}
              onClick={() => shell.send({ type: 'panel.open', panel: 'profile' })}
            >
              <ProfileIcon />
              <span className="topbar-label">Profile</span>
            </Button>
            <Button variant="secondary" aria-label="Sign Out" onClick={onSignOut}>
              <SignOutIcon />
              <span className="topbar-label">Sign Out</span>
            </Button>
          </div>
        </header>
        <main id="main" ref={mainRef} className="shell-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {view.panel === 'messages' && <MessagesPanel onClose={() => shell.send({ type: 'panel.close' })} />}
      {view.panel === 'profile' && (
        <Suspense fallback={null}>
          <ProfileModal
            business={business}
            onSaved={onBusinessUpdated}
            onClose={() => shell.send({ type: 'panel.close' })}
          />
        </Suspense>
      )}
    </div>
  );
}
