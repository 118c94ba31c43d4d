/**
 * The signed-in area (its own chunk): the shell around the page of the current URL, from pages.ts.
 * A page whose chunk is still on its way is not shown half-loaded: the previous page stays until it is in.
 * A page the member's role may not use (its row's `role`) is never loaded: the dashboard opens instead,
 * with TEAM_TEXTS.pageNotAllowed in the status region.
 */
import { useEffect, useState } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from 'wouter';
import { hasRole, TEAM_TEXTS } from '#contracts/team.ts';
import { useLoaded } from '#src/lib/lazy-module.ts';
import { enabledFor } from '#src/lib/use-flow-actor.ts';
import { useToast } from '#src/ui/toast.tsx';
import { PAGES, type PageRow } from './pages.ts';
import { safeRedirect } from './redirect.ts';
import { useSession, useSessionRef } from './session.ts';
import { Shell } from './shell.tsx';
import { useDocumentTitle } from './tab-title.ts';

export default function SignedInArea() {
  const session = useSessionRef();
  const business = useSession((s) => s.context.business);
  const role = useSession((s) => s.context.role) ?? 'staff';
  const signOutControl = useSession((s) => enabledFor(s, { type: 'session.signOut' }), shallowControl);
  return (
    <Switch>
      <Route path="/login" component={RedirectAfterSignIn} />
      <Route path="/new-password-required" component={RedirectAfterSignIn} />
      <Route>
        <Shell
          business={business}
          memberRole={role}
          onSignOut={() => session.send({ type: 'session.signOut' })}
          signOutControl={signOutControl}
          onBusinessUpdated={(next) => session.send({ type: 'session.businessUpdated', business: next })}
        >
          <CurrentPage />
        </Shell>
      </Route>
    </Switch>
  );
}

const shallowControl = (a: { disabled: boolean }, b: { disabled: boolean }) => a.disabled === b.disabled;

/** After sign-in the session turns authenticated while the URL still says /login?redirect=…. */
function RedirectAfterSignIn() {
  const params = new URLSearchParams(useSearch());
  return <Redirect to={safeRedirect(params.get('redirect'))} replace />;
}

function CurrentPage() {
  const user = useSession((s) => s.context.user);
  const business = useSession((s) => s.context.business);
  const role = useSession((s) => s.context.role) ?? 'staff';
  const [location] = useLocation();
  const { parser } = useRouter();
  const row = PAGES.find((page) => matchRoute(parser, page.path, location)[0]);
  const allowed = !!row && hasRole(role, row.role);
  const ready = useLoaded(row && allowed ? [row.page] : []);
  // The page on screen: the URL's once its chunk is in, the previous one until then.
  const [shown, setShown] = useState<PageRow | undefined>(() => (row && ready ? row : undefined));
  if (row && ready && row !== shown) setShown(row);
  useDocumentTitle(shown?.title);

  if (!row) return <Redirect to="/" replace />;
  if (!allowed) return <NotAllowed title={row.title} />;
  const Page = shown?.page.current()?.default;
  if (!shown || !Page) return null;
  return <Page key={shown.path} title={shown.title} user={user} business={business} />;
}

/** A page the member's role may not use: the dashboard, with a plain message why. */
function NotAllowed({ title }: { title: string }) {
  const notify = useToast();
  const [, navigate] = useLocation();
  useEffect(() => {
    notify(TEAM_TEXTS.pageNotAllowed(title));
    navigate('/', { replace: true });
  }, [notify, navigate, title]);
  return null;
}
