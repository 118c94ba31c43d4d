/**
 * Routing and gating (spec §2). The session decides which route table exists; the URL picks a page in it.
 * - loading: "Loading Application..." for every path (also while the chunk the next screen needs loads);
 * - signing out: "Signing out...";
 * - /verify-email and /reset-password: always available;
 * - signed out: /login, /register, /new-password-required; anything else → /login?redirect=<where they were>;
 * - signed in: the shell with the pages of pages.ts; /login → the (sanitized) redirect target; anything else → /.
 * Each area is a chunk of its own (pages.ts), loaded before it is shown; the tab title follows the page.
 */
import { type ComponentType, useEffect, useRef } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from 'wouter';
import { hasRole } from '#contracts/team.ts';
import { setUnauthorizedHandler } from '#src/api/client.ts';
import { lazyModule, useLoaded } from '#src/lib/lazy-module.ts';
import type { SessionAwareProps } from '#src/lib/page.ts';
import { FullScreen } from '#src/ui/full-screen.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { AUTH_PAGES, type AuthRow, authChunk, PAGES, type PageRow } from './pages.ts';
import { loginPathFor, safeRedirect } from './redirect.ts';
import { useSession, useSessionRef } from './session.ts';
import { documentTitle, useDocumentTitle } from './tab-title.ts';

/** The signed-in area (the shell, its machine and the page switch): a chunk of its own. */
export const signedInChunk = lazyModule(() => import('./signed-in.tsx'));

type Gate = 'loading' | 'signingOut' | 'authenticated' | 'unauthenticated';

export const LOADING_TEXT = 'Loading Application...';
export const SIGNING_OUT_TEXT = 'Signing out...';

/** A full-screen wait with a heading, so screen-reader users hear what is happening. */
export function WaitScreen({ text }: { text: string }) {
  return (
    <FullScreen busy>
      <Spinner />
      <h1 className="loading-text">{text}</h1>
    </FullScreen>
  );
}

/** The signed-in page a path shows: its row, or the dashboard for a path the portal does not have. */
export function pageFor(match: (pattern: string) => boolean): PageRow {
  return PAGES.find((row) => match(row.path)) ?? PAGES[0]!;
}

export function AppRoutes() {
  const gate = useSession(
    (s): Gate =>
      s.hasTag('loading')
        ? 'loading'
        : s.hasTag('signingOut')
          ? 'signingOut'
          : s.matches('authenticated')
            ? 'authenticated'
            : 'unauthenticated',
  );
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const role = useSession((s) => s.context.role) ?? 'staff';
  const match = (pattern: string) => matchRoute(parser, pattern, location)[0];
  useUnauthorizedRedirect();

  const authRow = AUTH_PAGES.find((row) => match(row.path));
  const publicRow = authRow?.access === 'always' ? authRow : undefined;
  // The page the signed-in area will show first (after /login, the redirect target).
  const firstPage = ({ roleKnown = true } = {}) => {
    const leaving = authRow?.access === 'signedOut';
    const target = leaving ? safeRedirect(new URLSearchParams(search).get('redirect')).split(/[?#]/)[0]! : location;
    const row = pageFor((pattern) => matchRoute(parser, pattern, target)[0]);
    // A page the role may not use opens the dashboard; before the role is known, the URL's page is the likely one.
    return !roleKnown || hasRole(role, row.role) ? row : PAGES[0]!;
  };
  const needed =
    gate === 'authenticated' && !publicRow
      ? [signedInChunk, firstPage().page]
      : gate === 'unauthenticated' || publicRow
        ? [authChunk]
        : [];
  // While the session is read, fetch what the URL will most likely need (a no-op when loaded).
  useEffect(() => {
    if (gate !== 'loading') return;
    const likely = authRow ? [authChunk] : [signedInChunk, firstPage({ roleKnown: false }).page];
    for (const chunk of likely) chunk.load().catch(() => undefined); // a failure shows when it is needed
  });
  const ready = useLoaded(needed);

  const waiting = gate === 'loading' || gate === 'signingOut' || !ready;
  // While waiting, nobody's name or page stays in the tab; the pages set their own titles once shown.
  useEffect(() => {
    if (waiting) document.title = documentTitle(gate === 'signingOut' ? 'Signing out' : null);
  }, [waiting, gate]);
  if (gate === 'signingOut') return <WaitScreen text={SIGNING_OUT_TEXT} />;
  if (waiting) return <WaitScreen text={LOADING_TEXT} />;
  const SignedIn = signedInChunk.current()?.default;
  return (
    <Switch>
      {AUTH_PAGES.filter((row) => row.access === 'always').map((row) => (
        <Route key={row.path} path={row.path}>
          <AuthPage row={row} />
        </Route>
      ))}
      <Route>{gate === 'authenticated' && SignedIn ? <SignedIn /> : <SignedOutRoutes />}</Route>
    </Switch>
  );
}

/**
 * An auth page from the loaded auth chunk, with its tab title. The pages open either way learn whether
 * someone is signed in, and get the session's sign-out (the invitation page asks a signed-in visitor to
 * sign out first).
 */
function AuthPage({ row }: { row: AuthRow }) {
  useDocumentTitle(row.title);
  const session = useSessionRef();
  const signedIn = useSession((s) => s.matches('authenticated'));
  const Page = authChunk.current()![row.component] as ComponentType<SessionAwareProps>;
  return <Page signedIn={signedIn} onSignOut={() => session.send({ type: 'session.signOut' })} />;
}

function SignedOutRoutes() {
  const session = useSessionRef();
  const { SignInFlowProvider } = authChunk.current()!;
  return (
    <SignInFlowProvider onSignedIn={() => session.send({ type: 'session.loggedIn' })}>
      <Switch>
        {AUTH_PAGES.filter((row) => row.access === 'signedOut').map((row) => (
          <Route key={row.path} path={row.path}>
            <AuthPage row={row} />
          </Route>
        ))}
        <Route>
          <RedirectToLogin />
        </Route>
      </Switch>
    </SignInFlowProvider>
  );
}

function RedirectToLogin() {
  const [location] = useLocation();
  const search = useSearch();
  return <Redirect to={loginPathFor(search ? `${location}?${search}` : location)} replace />;
}

/**
 * A 401 from the product API means the session is gone (expired or revoked elsewhere): end it here too
 * and send the user to /login with the page they were on, unless they are already there.
 */
function useUnauthorizedRedirect() {
  const session = useSessionRef();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const where = useRef({ location, search, navigate });
  where.current = { location, search, navigate };

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        const { location: path, search: query, navigate: go } = where.current;
        session.send({ type: 'session.expired' });
        if (path !== '/login') go(loginPathFor(query ? `${path}?${query}` : path), { replace: true });
      }),
    [session],
  );
}
