/**
 * Routing and gating (spec §2) with a provided session machine: the auth pages are stubs here (they have
 * their own tests), the rest is the real app tree on an in-memory location.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { configureApi } from '#src/api/client.ts';
import { getMe } from '#src/api/users.ts';
import { App } from '#src/app/app.tsx';
import { ErrorBoundary } from '#src/app/error-boundary.tsx';
import { safeRedirect } from '#src/app/redirect.ts';

vi.mock('#src/auth/auth.ts', () => ({ currentSession: vi.fn(), signOut: vi.fn(), accessToken: vi.fn() }));
vi.mock('#src/features/auth/index.ts', () => ({
  SignInFlowProvider: ({ children }: { children: React.ReactNode }) => children,
  LoginPage: () => <h1>Sign in page</h1>,
  RegisterPage: () => <h1>Register page</h1>,
  NewPasswordPage: () => <h1>New password page</h1>,
  VerifyEmailPage: () => <h1>Verify email page</h1>,
  ResetPasswordPage: () => <h1>Reset password page</h1>,
  AcceptInvitePage: () => <h1>Accept invite page</h1>,
}));

const user: UserProfile = {
  userid: 'u-1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'owner@demo.local',
  role: 'owner',
};

function session(signedIn: boolean | 'pending') {
  const signOut = vi.fn(async () => {});
  const logic = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(() =>
        signedIn === 'pending' ? new Promise<never>(() => {}) : Promise.resolve({ signedIn }),
      ),
      fetchUser: fromPromise(async () => user),
      fetchBusiness: fromPromise(async (): Promise<BusinessProfile | null> => business),
      signOut: fromPromise(signOut),
    },
  });
  return { logic, signOut };
}

function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <output aria-label="Current location">{search ? `${path}?${search}` : path}</output>;
}

function renderAt(url: string, signedIn: boolean | 'pending') {
  const location = memoryLocation({ path: url });
  const s = session(signedIn);
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App sessionLogic={s.logic} />
      <Where />
    </Router>,
  );
  return s;
}

const where = () => screen.getByRole('status', { name: 'Current location' }).textContent;

afterEach(() => vi.restoreAllMocks());

describe('gating', () => {
  it('shows "Loading Application..." while the session is being read', () => {
    renderAt('/vouchers', 'pending');
    expect(screen.getByText('Loading Application...')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sends a signed-out visitor to /login with the page they wanted', async () => {
    renderAt('/vouchers?status=archived', false);
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(where()).toBe('/login?redirect=%2Fvouchers%3Fstatus%3Darchived');
  });

  it('keeps the public pages open without a session', async () => {
    renderAt('/verify-email?token=abc', false);
    await screen.findByRole('heading', { name: 'Verify email page' });
    expect(where()).toBe('/verify-email?token=abc');
  });

  it('shows the dashboard in the shell once signed in, and sends unknown paths to /', async () => {
    renderAt('/no-such-page', true);
    await screen.findByRole('heading', { name: 'Welcome back, Ada!' });
    expect(where()).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByText(business.businessname)).toBeTruthy();
  });

  it('takes a signed-in user from /login to the redirect target', async () => {
    renderAt('/login?redirect=%2Fcustomers', true);
    await screen.findByRole('heading', { name: 'Your Followers' });
    expect(where()).toBe('/customers');
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores an unsafe redirect target (%s) and goes to /',
    async (target) => {
      renderAt(`/login?redirect=${encodeURIComponent(target)}`, true);
      await screen.findByRole('heading', { name: 'Welcome back, Ada!' });
      expect(where()).toBe('/');
    },
  );

  it('signs out from the top bar and shows the login page', async () => {
    const { signOut } = renderAt('/', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('a 401 from the API ends the session and goes to /login with the current page', async () => {
    const { signOut } = renderAt('/bookings/setup', true);
    await screen.findByRole('heading', { name: 'Booking Setup' });
    const fakeFetch = async () =>
      new Response(JSON.stringify({ message: 'Session expired.' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    configureApi({ baseUrl: 'http://portal.test', fetch: fakeFetch as typeof fetch });
    await expect(getMe()).rejects.toThrow('Session expired.');
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(where()).toBe('/login?redirect=%2Fbookings%2Fsetup');
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe('safeRedirect', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirect('/vouchers/redeem?code=ABC')).toBe('/vouchers/redeem?code=ABC');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('vouchers')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/\tevil')).toBe('/');
    expect(safeRedirect('/login?redirect=%2F')).toBe('/');
  });
});

function Crash(): React.ReactNode {
  throw new Error('boom');
}

describe('error boundary', () => {
  it('shows "Something went wrong." and a way to reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Crash />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh the Page' })).toBeTruthy();
  });
});
