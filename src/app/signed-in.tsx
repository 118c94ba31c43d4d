/**
 * The signed-in area (its own chunk): the shell around the page of the current URL, from pages.ts.
 * A page whose chunk is still on its way is not shown half-loaded: the previous page stays until it is in.
 */
import { useState } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from 'wouter';
import { useLoaded } from '#src/lib/lazy-module.ts';
import { enabledFor } from '#src/lib/use-flow-actor.ts';
import { PAGES, type PageRow } from './pages.ts';
import { safeRedirect } from './redirect.ts';
import { useSession, useSessionRef } from './session.ts';
import { Shell } from './shell.tsx';
import { useDocumentTitle } from './tab-title.ts';

export default function SignedInArea() {
  const session = useSessionRef();
  const business = useSession((s) => s.context.business);
  const signOutControl = useSession((s) => enabledFor(s, { type: 'session.signOut' }), shallowControl);
  return (
    <Switch>
      <Route path="/login" component={RedirectAfterSignIn} />
      <Route path="/new-password-required" component={RedirectAfterSignIn} />
      <Route>
        <Shell
          business={business}
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
  const [location] = useLocation();
  const { parser } = useRouter();
  const row = PAGES.find((page) => matchRoute(parser, page.path, location)[0]);
  const ready = useLoaded(row ? [row.page] : []);
  // The page on screen: the URL's once its chunk is in, the previous one until then.
  const [shown, setShown] = useState<PageRow | undefined>(() => (row && ready ? row : undefined));
  if (row && ready && row !== shown) setShown(row);
  useDocumentTitle(shown?.title);

  if (!row) return <Redirect to="/" replace />;
  const Page = shown?.page.current()?.default;
  if (!shown || !Page) return null;
  return <Page key={shown.path} title={shown.title} user={user} business={business} />;
}
