/**
 * Roles on the portal (issue 25, decision 026): the real app tree with a provided session whose user
 * profile names the role. Each role sees only its pages in the sidebar, the routes and the tab title; a
 * page it may not use opens the dashboard with a plain message; the controls for actions it may not take
 * are absent (not disabled). The accept-invite page asks a signed-in visitor to sign out first.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { Post } from '#contracts/posts.ts';
import { type Role, TEAM_TEXTS } from '#contracts/team.ts';
import type { UserProfile } from '#contracts/users.ts';
import { loadMachine } from '#machines/load.machine.ts';
import { demoOwner } from '#machines/samples/demo.samples.ts';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { App } from '#src/app/app.tsx';
import { authChunk, PAGES, pagesFor, sidebarItems } from '#src/app/pages.ts';
import { signedInChunk } from '#src/app/routes.tsx';
import { AcceptInvitePage } from '#src/features/auth/accept-invite-page.tsx';
import { PostsPanel } from '#src/features/dashboard/posts-panel.tsx';

vi.mock('#src/auth/auth.ts', async (original) => ({
  ...(await original<typeof import('#src/auth/auth.ts')>()),
  currentSession: vi.fn(),
  signOut: vi.fn(),
  accessToken: vi.fn(),
}));

const userAs = (role: Role): UserProfile => ({
  userid: `u-${role}`,
  firstname: 'Sam',
  lastname: 'Patel',
  email: `${role}@demo.local`,
  role,
});

function renderAs(role: Role, path: string) {
  const logic = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () => ({ signedIn: true as boolean })),
      fetchUser: fromPromise(async () => userAs(role)),
      fetchBusiness: fromPromise(async (): Promise<BusinessProfile | null> => business),
      signOut: fromPromise(async () => {}),
    },
  });
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App sessionLogic={logic} />
    </Router>,
  );
  return location;
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const sidebarShape = (role: Role) =>
  sidebarItems(pagesFor(role)).map((item) =>
    item.kind === 'link' ? item.label : `${item.label}: ${item.links.map((l) => l.label).join(', ')}`,
  );

beforeAll(async () => {
  await Promise.all([authChunk.load(), signedInChunk.load(), ...PAGES.map((row) => row.page.load())]);
});
afterEach(() => {
  document.title = '';
});

describe('the least role per page', () => {
  it('staff: the dashboard, Redeem Code, the calendar and the customers', () => {
    expect(sidebarShape('staff')).toEqual(['Dashboard', 'Vouchers: Redeem Code', 'Bookings: Calendar', 'Customers']);
  });
  it('manager: everything but My Package and the team', () => {
    expect(sidebarShape('manager')).toEqual([
      'Dashboard',
      'Vouchers: Management, Redeem Code',
      'Bookings: Calendar, Setup',
      'Customers',
    ]);
  });
  it("owner: the spec's shell plus Team after My Package", () => {
    expect(sidebarShape('owner')).toEqual([
      'Dashboard',
      'Vouchers: Management, Redeem Code',
      'Bookings: Calendar, Setup',
      'Customers',
      'My Package',
      'Team',
    ]);
  });
});

describe('the sidebar, the routes and the tab title follow the role', () => {
  it.each([
    ['staff', '/vouchers', 'Voucher Management'],
    ['staff', '/bookings/setup', 'Booking Setup'],
    ['staff', '/package', 'My Package'],
    ['staff', '/team', 'Team'],
    ['manager', '/package', 'My Package'],
    ['manager', '/team', 'Team'],
  ] as const)('%s opening %s lands on the dashboard with a plain message', async (role, path, title) => {
    const location = renderAs(role, path);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam!' });
    expect(location.history.at(-1)).toBe('/');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(TEAM_TEXTS.pageNotAllowed(title)));
    expect(document.title).toBe('Dashboard · Business Portal');
    expect(screen.queryByRole('heading', { level: 1, name: title })).toBeNull();
  });

  it('staff see only their pages in the sidebar', async () => {
    renderAs('staff', '/');
    await screen.findByRole('navigation', { name: 'Main' });
    const links = nav()
      .getAllByRole('link', { hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/', '/vouchers/redeem', '/bookings/calendar', '/customers']);
  });

  it('an owner opens the Team page, listed after My Package', async () => {
    renderAs('owner', '/team');
    await screen.findByRole('heading', { level: 1, name: 'Team' });
    expect(document.title).toBe('Team · Business Portal');
    const links = nav()
      .getAllByRole('link', { hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(links.slice(-2)).toEqual(['/package', '/team']);
  });

  it('a manager uses Voucher Management and Booking Setup', async () => {
    renderAs('manager', '/bookings/setup');
    await screen.findByRole('heading', { level: 1, name: 'Booking Setup' });
    expect(document.title).toBe('Booking Setup · Business Portal');
  });
});

describe('controls a role may not use are absent', () => {
  it('staff: no post composer on the dashboard; a manager has it', async () => {
    renderAs('staff', '/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam!' });
    expect(screen.queryByRole('form', { name: 'New post' })).toBeNull();
  });

  it('a manager has the post composer', async () => {
    renderAs('manager', '/');
    await screen.findByRole('form', { name: 'New post' });
  });

  it('staff: the followers without Export CSV; a manager exports', async () => {
    renderAs('staff', '/customers');
    await screen.findByRole('heading', { level: 1, name: 'Your Followers' });
    expect(screen.queryByRole('button', { name: /Export CSV|Exporting/ })).toBeNull();
  });

  it('a manager has Export CSV', async () => {
    renderAs('manager', '/customers');
    await screen.findByRole('heading', { level: 1, name: 'Your Followers' });
    expect(screen.getByRole('button', { name: /Export CSV|Exporting/ })).toBeTruthy();
  });

  it('staff: the Business Profile to read and its QR code to print, nothing to edit or save', async () => {
    renderAs('staff', '/');
    await screen.findByRole('navigation', { name: 'Main' });
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Business Profile' }));
    expect(dialog.getByText(business.businessname, { selector: 'dd' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Print QR Code' })).toBeTruthy();
    expect(dialog.getByRole('img', { name: `QR code for ${business.businessname}` })).toBeTruthy();
    expect(dialog.queryAllByRole('textbox')).toEqual([]);
    expect(dialog.queryByRole('button', { name: 'Save Profile' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Pick Current Location' })).toBeNull();
    fireEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a manager edits the Business Profile', async () => {
    renderAs('manager', '/');
    await screen.findByRole('navigation', { name: 'Main' });
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Business Profile' }));
    expect(dialog.getByRole('textbox', { name: 'Business Name' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Save Profile' })).toBeTruthy();
  });

  const post: Post = {
    postid: '00000000-0000-4000-8000-000000000002',
    content: 'Fresh cardamom buns until noon!',
    imageurl: null,
    createdat: '2026-11-23T09:30:00.000Z',
    authoremail: demoOwner.email,
  };
  const feed = loadMachine.provide({ actors: { load: fromPromise(async (): Promise<unknown> => [post]) } });

  it.each([
    ['staff', false],
    ['manager', true],
    ['owner', true],
  ] as const)('%s: Edit and Delete on a post present: %s', async (role, present) => {
    render(<PostsPanel user={userAs(role)} business={business} logic={feed} />);
    await screen.findByText(post.content);
    expect(screen.queryByRole('button', { name: /^Edit/ }) !== null).toBe(present);
    expect(screen.queryByRole('button', { name: /^Delete/ }) !== null).toBe(present);
    expect(screen.queryByRole('form', { name: 'New post' }) !== null).toBe(present);
  });
});

describe('the accept-invite page', () => {
  it('asks a signed-in visitor to sign out first, and signs out on the press', async () => {
    const onSignOut = vi.fn();
    render(
      <Router hook={memoryLocation({ path: '/accept-invite?token=abc' }).hook}>
        <AcceptInvitePage signedIn onSignOut={onSignOut} />
      </Router>,
    );
    expect(screen.getByText(/sign out first/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('is open signed in: the app shows it without the shell, not the dashboard', async () => {
    renderAs('owner', '/accept-invite?token=abc');
    // The page is a chunk of its own: a wait in the same card, then the question.
    await screen.findByText(/sign out first/, undefined, { timeout: 5000 });
    screen.getByRole('heading', { level: 1, name: 'Join the team' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});
