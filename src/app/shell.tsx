/**
 * The root layout of the signed-in portal (spec §2 "Shell"): sidebar, top bar, the page, the overlays
 * opened from the top bar, and the status region for short confirmations (ToastHost). Its toggles live
 * in the shell machine; the business profile, sign-out and profile-update actions come from the session.
 */
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { hasRole, type Role } from '#contracts/team.ts';
import type { conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import { shellMachine } from '#machines/shell.machine.ts';
import { isHidden, liveConversationsPoller } from '#src/features/messages/messages.wiring.ts';
import { MessagesPanel } from '#src/features/messages/messages-panel.tsx';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { CloseIcon, MenuIcon, MessageIcon, ProfileIcon, SignOutIcon } from '#src/ui/icons.tsx';
import { useFocusTrap } from '#src/ui/use-focus-trap.ts';
import { groupOfPage, PAGES } from './pages.ts';
import { Sidebar } from './sidebar.tsx';
import { useUnreadInTitle } from './tab-title.ts';
import { ToastHost } from './toast-host.tsx';

// The profile dialog carries the QR code library: load it on first use, and warm it up on hover/focus.
const loadProfile = () => import('#src/features/profile/profile-modal.tsx');
const ProfileModal = lazy(loadProfile);

/** Phones get an off-canvas drawer instead of a collapsible sidebar (same breakpoint as shell.css). */
const NARROW = '(max-width: 768px)';
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

export interface ShellProps extends FlowHooks<typeof shellMachine> {
  business: BusinessProfile | null;
  /** The member's role (decision 026): the sidebar's pages; staff may view the profile, not edit it. */
  memberRole: Role;
  onSignOut: () => void;
  /** The session's `enabledFor` for its sign-out event. */
  signOutControl?: { 'data-event': string; disabled: boolean };
  onBusinessUpdated: (business: BusinessProfile) => void;
  children: ReactNode;
  /** The Active conversations poller (tests give one with a fake request). */
  conversationsLogic?: typeof conversationsPollerMachine;
}

export function Shell({
  business,
  memberRole,
  onSignOut,
  signOutControl,
  onBusinessUpdated,
  children,
  logic = shellMachine,
  options,
  conversationsLogic = liveConversationsPoller,
}: ShellProps) {
  const [state, send] = useFlowActor(logic, { options });
  // The Active conversations poll runs while the portal is open (and visible): it feeds the unread
  // count on the Messages button and in the tab title, and the panel's Active tab.
  const [, , conversations] = useFlowActor(conversationsLogic, {
    input: { params: { status: 'active' }, hidden: isHidden() },
  });
  const unread = useSelector(conversations, (s) => (s.context.data ?? []).reduce((n, c) => n + c.unread_count, 0));
  useUnreadInTitle(unread);
  const collapsed = state.matches({ sidebar: 'collapsed' });
  const drawerOpen = state.matches({ drawer: 'open' });
  const openGroup = state.matches({ groups: 'vouchers' })
    ? 'vouchers'
    : state.matches({ groups: 'bookings' })
      ? 'bookings'
      : null;
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  // `?conversation={id}` (Follower Details' link): the Messages panel opens on that conversation.
  // `?open=profile` (the getting-started checklist's links): the Business Profile dialog opens.
  const params = new URLSearchParams(search);
  const showConversation = params.get('conversation');
  const openProfile = params.get('open') === 'profile';
  const messagesOpen = state.matches({ panel: 'messages' });
  const withoutParam = (name: string) => {
    const rest = new URLSearchParams(search);
    rest.delete(name);
    const text = rest.toString();
    navigate(`${location}${text ? `?${text}` : ''}`, { replace: true });
  };
  useEffect(() => {
    if (showConversation && !messagesOpen) send({ type: 'panel.open', panel: 'messages' });
  }, [showConversation, messagesOpen, send]);
  useEffect(() => {
    if (!openProfile) return;
    send({ type: 'panel.open', panel: 'profile' });
    withoutParam('open');
  });
  const conversationShown = () => withoutParam('conversation');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // Follow the URL: open the group of the current page, close the phone drawer, and move focus to the
  // new page so screen-reader users hear it (not on the first render, where focus belongs to the browser).
  useEffect(() => {
    const row = PAGES.find((page) => matchRoute(parser, page.path, location)[0]);
    send({ type: 'route.changed', path: location, group: groupOfPage(row) });
    if (firstRender.current) firstRender.current = false;
    else mainRef.current?.focus();
  }, [send, parser, location]);

  // The drawer is a modal surface on phones: focus stays in it, Escape closes it, focus goes back to the toggle.
  useFocusTrap([sidebarRef], {
    active: drawerOpen,
    onEscape: () => send({ type: 'drawer.close' }),
    preferred: () => sidebarRef.current?.querySelector<HTMLElement>('.sidebar-nav a, .sidebar-nav button') ?? null,
    returnTo: () => toggleRef.current,
  });
  // Turning a phone into a wide screen (rotation, a resized window) leaves no drawer behind.
  useEffect(() => {
    if (!drawerOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW);
    const onChange = () => {
      if (!query.matches) send({ type: 'drawer.close' });
    };
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [send, drawerOpen]);

  const toggle = { type: 'sidebar.toggle', narrow: isNarrow() } as const;
  const classes = ['shell', collapsed && 'is-collapsed', drawerOpen && 'is-drawer-open'].filter(Boolean);
  return (
    <ToastHost>
      <div className={classes.join(' ')}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <aside id="sidebar" ref={sidebarRef} className="sidebar" aria-label="Sidebar" tabIndex={-1}>
          <Sidebar
            closeDrawer={
              <Button
                variant="ghost"
                icon
                className="drawer-close"
                aria-label="Close menu"
                {...enabledFor(state, { type: 'drawer.close' })}
                onClick={() => send({ type: 'drawer.close' })}
              >
                <CloseIcon />
              </Button>
            }
            memberRole={memberRole}
            businessName={business?.businessname}
            openGroup={openGroup}
            collapsed={collapsed}
            onToggleGroup={(group) => send({ type: 'group.toggle', group })}
            groupControl={(group) => enabledFor(state, { type: 'group.toggle', group })}
          />
        </aside>
        {drawerOpen && (
          // biome-ignore lint/a11y/noStaticElementInteractions: mouse convenience; Escape and the toggle close it too
          // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the drawer's focus trap
          <div className="drawer-backdrop" onClick={() => send({ type: 'drawer.close' })} />
        )}
        <div className="shell-body">
          <header className="topbar">
            <Button
              ref={toggleRef}
              variant="ghost"
              icon
              aria-label="Toggle sidebar"
              aria-controls="sidebar"
              aria-expanded={isNarrow() ? drawerOpen : !collapsed}
              {...enabledFor(state, toggle)}
              onClick={() => send({ type: 'sidebar.toggle', narrow: isNarrow() })}
            >
              <MenuIcon />
            </Button>
            <div className="topbar-actions">
              <Button
                variant="ghost"
                // With unread messages the name comes from the content: "Messages 3 unread".
                aria-label={unread > 0 ? undefined : 'Messages'}
                {...enabledFor(state, { type: 'panel.open', panel: 'messages' })}
                onClick={() => send({ type: 'panel.open', panel: 'messages' })}
              >
                <MessageIcon />
                <span className="topbar-label">Messages</span>
                {unread > 0 && (
                  <>
                    <span className="unread-badge topbar-unread" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="visually-hidden"> {unread} unread</span>
                  </>
                )}
              </Button>
              <Button
                variant="ghost"
                aria-label="Profile"
                onMouseEnter={loadProfile}
                onFocus={loadProfile}
                {...enabledFor(state, { type: 'panel.open', panel: 'profile' })}
                onClick={() => send({ type: 'panel.open', panel: 'profile' })}
              >
                <ProfileIcon />
                <span className="topbar-label">Profile</span>
              </Button>
              <Button variant="secondary" aria-label="Sign Out" {...signOutControl} onClick={onSignOut}>
                <SignOutIcon />
                <span className="topbar-label">Sign Out</span>
              </Button>
            </div>
          </header>
          <main id="main" ref={mainRef} className="shell-main" tabIndex={-1}>
            {children}
          </main>
        </div>
        {state.matches({ panel: 'messages' }) && (
          <MessagesPanel
            active={conversations}
            show={showConversation}
            onShown={conversationShown}
            onClose={() => {
              // Closed before the asked-for conversation showed: the URL must not open the panel again.
              if (showConversation) conversationShown();
              send({ type: 'panel.close' });
            }}
            closeControl={enabledFor(state, { type: 'panel.close' })}
          />
        )}
        {state.matches({ panel: 'profile' }) && (
          <Suspense fallback={null}>
            <ProfileModal
              business={business}
              readOnly={!hasRole(memberRole, 'manager')}
              onSaved={onBusinessUpdated}
              onClose={() => send({ type: 'panel.close' })}
            />
          </Suspense>
        )}
      </div>
    </ToastHost>
  );
}
