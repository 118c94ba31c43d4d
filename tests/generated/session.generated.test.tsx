/**
 * Every transition of the session machine, played through the REAL app tree (App → router gating →
 * shell and dashboard), and checked on screen: "Loading Application...", the login page, or the portal
 * with the owner's greeting and business name. The auth pages are stubs here (they have generated
 * tests of their own); the stub sign-in flow offers the button that reports a successful sign-in.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { sampleUser, sessionEntry } from '#machines/samples/session.samples.ts';
import { configureApi } from '#src/api/client.ts';
import { getMe } from '#src/api/users.ts';
import { App } from '#src/app/app.tsx';
import { authChunk, PAGES } from '#src/app/pages.ts';
import { signedInChunk } from '#src/app/routes.tsx';
import { describeFlow, type Flow, settle } from '#tests/generated/harness.tsx';

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

/** What the machine's logError action was called with (its params are the action's second argument). */
const logErrorParams = (flow: Flow) => flow.spy('logError').mock.calls.map((call) => call[1]);

const loadingScreen = () => {
  expect(screen.getByRole('heading', { level: 1, name: 'Loading Application...' })).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
};

describeFlow(sessionEntry, {
  url: '/',
  spies: ['logError'],
  render: (hooks) => <App sessionLogic={hooks.logic} inspect={hooks.options.inspect} />,
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
    // The profile modal's save is the one event with no control of its own on this screen (the modal
    // has its generated test): send it to the app's own session actor.
    'session.businessUpdated': (e, flow) => act(() => flow.recorder.actor('session')!.send(e)),
    // Whether the business fetch failed (not merely answered "none yet"): only then is it logged.
    'xstate.error.actor.fetchBusiness': (e, flow) => {
      flow.memo.businessFailed = true;
      return settle(sessionEntry.machine, e, flow);
    },
  },
  expectUi: {
    'loading.checkingSession': (_s, flow) => {
      loadingScreen();
      expect(flow.fakes.checkSession!.pending).toBe(1);
    },
    // Both profiles are asked for at once; each request stays open until its answer is in.
    'loading.fetchingProfiles.user.fetching': (_s, flow) => {
      loadingScreen();
      expect(flow.fakes.fetchUser!.pending).toBe(1);
    },
    'loading.fetchingProfiles.user.loaded': (_s, flow) => {
      loadingScreen();
      expect(flow.fakes.fetchUser!.pending).toBe(0);
    },
    'loading.fetchingProfiles.business.fetching': (_s, flow) => {
      loadingScreen();
      expect(flow.fakes.fetchBusiness!.pending).toBe(1);
    },
    'loading.fetchingProfiles.business.loaded': (_s, flow) => {
      loadingScreen();
      expect(flow.fakes.fetchBusiness!.pending).toBe(0);
    },
    'loading.signingOutAfterError': (_s, flow) => {
      loadingScreen();
      expect(flow.fakes.signOut!.pending).toBe(1);
    },
    authenticated: (s, flow) => {
      expect(screen.getByRole('heading', { level: 1, name: `Welcome back, ${sampleUser.firstname}!` })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      // The sidebar is headed by the business name, "Your Business" when there is none.
      const name = s.context.business?.businessname ?? 'Your Business';
      expect(screen.getByTitle(name).textContent).toBe(name);
      // A failed business fetch is logged, never shown; "no business yet" (404 → null) is not a failure.
      if (flow.memo.businessFailed) {
        expect(logErrorParams(flow)).toContainEqual(expect.objectContaining({ what: 'Loading the business failed' }));
        expect(s.context.business).toBeNull();
      } else expect(flow.spy('logError')).not.toHaveBeenCalled();
    },
    signingOut: (_s, flow) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Signing out...' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(flow.fakes.signOut!.pending).toBe(1);
    },
    unauthenticated: (_s, flow) => {
      expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(screen.queryByText(sampleUser.firstname!, { exact: false })).toBeNull();
      expect(flow.location()).toMatch(/^\/login/);
    },
  },
});
