/**
 * The pages table (src/app/pages.ts) is the one source of the signed-in routes, the sidebar and the tab
 * titles; the app tree here is real (with a provided session machine and stub auth pages).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { App } from '#src/app/app.tsx';
import { AUTH_PAGES, authChunk, PAGES, sidebarItems } from '#src/app/pages.ts';
import { signedInChunk } from '#src/app/routes.tsx';
import { documentTitle } from '#src/app/tab-title.ts';

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

/** A session that is signed in (or not); sign-out waits until the test lets it finish. */
function renderAt(path: string, signedIn: boolean) {
  let finishSignOut = () => {};
  const logic = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () => ({ signedIn })),
      fetchUser: fromPromise(async () => user),
      fetchBusiness: fromPromise(async (): Promise<BusinessProfile | null> => business),
      signOut: fromPromise(() => new Promise<void>((resolve) => (finishSignOut = resolve))),
    },
  });
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App sessionLogic={logic} />
    </Router>,
  );
  return { location, finishSignOut: () => act(async () => finishSignOut()) };
}

beforeAll(async () => {
  await Promise.all([authChunk.load(), signedInChunk.load(), ...PAGES.map((row) => row.page.load())]);
});
afterEach(() => {
  document.title = '';
});

describe('the pages table', () => {
  it('gives the sidebar of spec §2 (Dashboard, Vouchers (Management, Redeem Code), Bookings (Calendar, Setup), Customers, My Package) plus Team', () => {
    const shape = sidebarItems().map((item) =>
      item.kind === 'link'
        ? `${item.label} ${item.href}`
        : `${item.label}: ${item.links.map((l) => l.label).join(', ')}`,
    );
    expect(shape).toEqual([
      'Dashboard /',
      'Vouchers: Management, Redeem Code',
      'Bookings: Calendar, Setup',
      'Customers /customers',
      'My Package /package',
      'Team /team',
    ]);
  });

  it('one row more is a route, a sidebar entry and a title', () => {
    const extra = {
      path: '/reports',
      role: 'staff' as const,
      title: 'Reports',
      nav: { label: 'Reports', group: 'bookings' as const },
    };
    const items = sidebarItems([...PAGES, { ...extra, page: PAGES[1]!.page }]);
    const bookings = items.find((item) => item.kind === 'group' && item.group === 'bookings');
    expect(bookings?.kind === 'group' && bookings.links.map((l) => l.href)).toEqual([
      '/bookings/calendar',
      '/bookings/setup',
      '/reports',
    ]);
  });

  it.each(PAGES.map((row) => [row.path, row.title] as const))(
    '%s shows its page in the shell, titled "%s · Business Portal"',
    async (path, title) => {
      renderAt(path, true);
      await screen.findByRole('navigation', { name: 'Main' });
      // The placeholders show the row's title as their heading; the dashboard greets the owner.
      const heading = path === '/' ? 'Welcome back, Ada!' : title;
      await screen.findByRole('heading', { level: 1, name: heading });
      expect(document.title).toBe(`${title} · Business Portal`);
      const link = screen.getAllByRole('link').find((a) => a.getAttribute('href') === path);
      expect(link?.getAttribute('aria-current')).toBe('page');
    },
  );

  it.each(AUTH_PAGES.map((row) => [row.path, row.title] as const))(
    'the signed-out page %s is titled "%s · Business Portal"',
    async (path, title) => {
      renderAt(path, false);
      await screen.findByRole('heading', { level: 1, name: /page$/ });
      expect(document.title).toBe(documentTitle(title));
    },
  );
});

describe('signing out', () => {
  it('shows "Signing out...", then the login page, and the tab no longer greets the owner', async () => {
    const { location, finishSignOut } = renderAt('/customers', true);
    await screen.findByRole('heading', { level: 1, name: 'Your Followers' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Signing out...' })).toBeTruthy();
    expect(document.title).toBe('Signing out · Business Portal');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await finishSignOut();
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fcustomers');
    expect(document.title).toBe('Sign in · Business Portal');
    expect(document.title).not.toContain('Ada');
  });
});

describe('start-up', () => {
  it('shows "Loading Application..." as a heading while the session is read', () => {
    const location = memoryLocation({ path: '/' });
    const pending = sessionMachine.provide({
      actors: { checkSession: fromPromise(() => new Promise<{ signedIn: boolean }>(() => {})) },
    });
    render(
      <Router hook={location.hook}>
        <App sessionLogic={pending} />
      </Router>,
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Loading Application...' })).toBeTruthy();
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(document.title).toBe('Business Portal');
  });
});
