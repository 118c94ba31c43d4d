/**
 * Every transition of the session machine, played through the REAL app tree (App → router gating →
 * shell and dashboard), and checked on screen: "Loading Application...", the login page, or the portal
 * with the owner's greeting and business name. The auth pages are stubs here (they have generated
 * tests of their own); the stub sign-in flow offers the button that reports a successful sign-in.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type ActorRefLike, type InspectionEvent, SimulatedClock } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { sampleUser, sessionEntry } from '#machines/samples/session.samples.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { configureApi } from '#src/api/client.ts';
import { getMe } from '#src/api/users.ts';
import { App } from '#src/app/app.tsx';
import { authChunk, PAGES } from '#src/app/pages.ts';
import { signedInChunk } from '#src/app/routes.tsx';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

vi.mock('#src/auth/auth.ts', () => ({ currentSession: vi.fn(), signOut: vi.fn(), accessToken: vi.fn() }));
vi.mock('#src/features/auth/index.ts', () => ({
  SignInFlowProvider: ({ children, onSignedIn }: { children: React.ReactNode; onSignedIn: () => void }) => (
    <>
      {children}
      <button type="button" onClick={onSignedIn}>
        Complete sign-in
      </button>
    </>
  ),
  LoginPage: () => <h1>Sign in page</h1>,
  RegisterPage: () => <h1>Register page</h1>,
  NewPasswordPage: () => <h1>New password page</h1>,
  VerifyEmailPage: () => <h1>Verify email page</h1>,
  ResetPasswordPage: () => <h1>Reset password page</h1>,
}));

afterEach(() => configureApi({ baseUrl: '', fetch: undefined }));

// The app loads each area's chunk before showing it; here they are loaded once, up front, so every
// step's screen can be checked as soon as the machine gets there.
await Promise.all([authChunk.load(), signedInChunk.load(), PAGES[0]!.page.load()]);

function mount() {
  const checkSession = controllable<{ signedIn: boolean }>();
  const fetchUser = controllable<UserProfile>();
  const fetchBusiness = controllable<BusinessProfile | null>();
  const signOut = controllable<void>();
  const logError = vi.fn();
  // Whether the business fetch failed (not merely answered "none yet"): only then is it logged.
  let businessFailed = false;
  const rejectBusiness = fetchBusiness.reject;
  fetchBusiness.reject = (error) => {
    businessFailed = true;
    rejectBusiness(error);
  };
  const rec = recorder();
  // The app's own session actor, taken from its inspection events: the profile modal's save is
  // the one event with no control of its own on this screen (the modal has its generated test).
  let session: ActorRefLike | undefined;
  const inspect = (event: InspectionEvent) => {
    rec.inspect(event);
    if (
      event.type === '@xstate.snapshot' &&
      (event.snapshot as { machine?: { id?: string } }).machine?.id === 'session'
    ) {
      session = event.actorRef;
    }
  };
  const logic = sessionMachine.provide({
    actors: {
      checkSession: checkSession.logic,
      fetchUser: fetchUser.logic,
      fetchBusiness: fetchBusiness.logic,
      signOut: signOut.logic,
    },
    actions: { logError: (_, params) => logError(params) },
  });
  const location = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App sessionLogic={logic} inspect={inspect} />
    </Router>,
  );
  return {
    fakes: { checkSession, fetchUser, fetchBusiness, signOut, signOutAfterError: signOut },
    clock: new SimulatedClock(),
    recorder: rec,
    logError,
    location,
    send: (event: { type: string }) => session!.send(event),
    businessFailed: () => businessFailed,
  } satisfies Mounted & Record<string, unknown>;
}
type M = ReturnType<typeof mount>;

const loadingScreen = () => {
  expect(screen.getByRole('heading', { level: 1, name: 'Loading Application...' })).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
};

describeMachinePaths(sessionEntry, {
  mount,
  perform: {
    'session.loggedIn': () => fireEvent.click(screen.getByRole('button', { name: 'Complete sign-in' })),
    'session.signOut': () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })),
    // What every product call does on a 401: the API client hands it to the app.
    'session.expired': async () => {
      const expired = async () =>
        new Response(JSON.stringify({ message: 'Your session has expired. Please sign in again.' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      configureApi({ baseUrl: 'http://portal.test', fetch: expired as typeof fetch });
      await act(async () => {
        await getMe().catch(() => undefined);
      });
    },
    'session.businessUpdated': (e, m: M) => act(() => m.send(e)),
  },
  expectUi: {
    'loading.checkingSession': (_s, m: M) => {
      loadingScreen();
      expect(m.fakes.checkSession.pending).toBe(1);
    },
    // Both profiles are asked for at once; each request stays open until its answer is in.
    'loading.fetchingProfiles.user.fetching': (_s, m: M) => {
      loadingScreen();
      expect(m.fakes.fetchUser.pending).toBe(1);
    },
    'loading.fetchingProfiles.user.loaded': (_s, m: M) => {
      loadingScreen();
      expect(m.fakes.fetchUser.pending).toBe(0);
    },
    'loading.fetchingProfiles.business.fetching': (_s, m: M) => {
      loadingScreen();
      expect(m.fakes.fetchBusiness.pending).toBe(1);
    },
    'loading.fetchingProfiles.business.loaded': (_s, m: M) => {
      loadingScreen();
      expect(m.fakes.fetchBusiness.pending).toBe(0);
    },
    'loading.signingOutAfterError': (_s, m: M) => {
      loadingScreen();
      expect(m.fakes.signOut.pending).toBe(1);
    },
    authenticated: (s, m: M) => {
      expect(screen.getByRole('heading', { level: 1, name: `Welcome back, ${sampleUser.firstname}!` })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      // The sidebar is headed by the business name, "Your Business" when there is none.
      const name = s.context.business?.businessname ?? 'Your Business';
      expect(screen.getByTitle(name).textContent).toBe(name);
      // A failed business fetch is logged, never shown; "no business yet" (404 → null) is not a failure.
      if (m.businessFailed()) {
        expect(m.logError).toHaveBeenCalledWith(expect.objectContaining({ what: 'Loading the business failed' }));
        expect(s.context.business).toBeNull();
      } else expect(m.logError).not.toHaveBeenCalled();
    },
    signingOut: (_s, m: M) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Signing out...' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(m.fakes.signOut.pending).toBe(1);
    },
    unauthenticated: (_s, m: M) => {
      expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(screen.queryByText(sampleUser.firstname!, { exact: false })).toBeNull();
      expect(m.location.history?.at(-1)).toMatch(/^\/login/);
    },
  },
});
