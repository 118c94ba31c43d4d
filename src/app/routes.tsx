/**
 * Routing and gating (spec §2). The session decides which route table exists; the URL picks a page in it.
 * - loading: "Loading Application..." for every path;
 * - /verify-email and /reset-password: always available;
 * - signed out: /login, /register, /new-password-required; anything else → /login?redirect=<where they were>;
 * - signed in: the shell with its pages; /login → the (sanitized) redirect target; anything else → /.
 */
import { useEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { setUnauthorizedHandler } from '#src/api/client.ts';
import {
  LoginPage,
  NewPasswordPage,
  RegisterPage,
  ResetPasswordPage,
  SignInFlowProvider,
  VerifyEmailPage,
} from '#src/features/auth/index.ts';
import { DashboardPage } from '#src/features/dashboard/dashboard-page.tsx';
import { FullScreen } from '#src/ui/full-screen.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { loginPathFor, safeRedirect } from './redirect.ts';
import { useSession, useSessionRef } from './session.ts';
import { Shell } from './shell.tsx';

type Gate = 'loading' | 'authenticated' | 'unauthenticated';

/** The signed-in pages whose screens arrive with their own issues: a titled placeholder until then. */
const PLACEHOLDER_PAGES = [
  ['/vouchers', 'Voucher Management'],
  ['/vouchers/redeem', 'Redeem a Voucher'],
  ['/bookings/calendar', 'Bookings Calendar'],
  ['/bookings/setup', 'Booking Setup'],
  ['/customers', 'Your Followers'],
  ['/package', 'My Package'],
] as const;

export function AppRoutes() {
  const gate = useSession(
    (s): Gate => (s.hasTag('loading') ? 'loading' : s.matches('authenticated') ? 'authenticated' : 'unauthenticated'),
  );
  useUnauthorizedRedirect();

  if (gate === 'loading') {
    return (
      <FullScreen busy>
        <Spinner />
        <p className="loading-text">Loading Application...</p>
      </FullScreen>
    );
  }
  return (
    <Switch>
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route>{gate === 'authenticated' ? <SignedInRoutes /> : <SignedOutRoutes />}</Route>
    </Switch>
  );
}

function SignedOutRoutes() {
  const session = useSessionRef();
  return (
    <SignInFlowProvider onSignedIn={() => session.send({ type: 'session.loggedIn' })}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/new-password-required" component={NewPasswordPage} />
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

/** After sign-in the session turns authenticated while the URL still says /login?redirect=…. */
function RedirectAfterSignIn() {
  const params = new URLSearchParams(useSearch());
  return <Redirect to={safeRedirect(params.get('redirect'))} replace />;
}

function SignedInRoutes() {
  const session = useSessionRef();
  const user = useSession((s) => s.context.user);
  const business = useSession((s) => s.context.business);
  return (
    <Switch>
      <Route path="/login" component={RedirectAfterSignIn} />
      <Route path="/new-password-required" component={RedirectAfterSignIn} />
      <Route>
        <Shell
          business={business}
          onSignOut={() => session.send({ type: 'session.signOut' })}
          onBusinessUpdated={(next) => session.send({ type: 'session.businessUpdated', business: next })}
        >
          <Switch>
            <Route path="/">
              <DashboardPage user={user} business={business} />
            </Route>
            {PLACEHOLDER_PAGES.map(([path, title]) => (
              <Route key={path} path={path}>
                <ComingSoon title={title} />
              </Route>
            ))}
            <Route>
              <Redirect to="/" replace />
            </Route>
          </Switch>
        </Shell>
      </Route>
    </Switch>
  );
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
