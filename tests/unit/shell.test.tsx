/** The signed-in shell: navigation groups, collapse, active route, top-bar overlays, profile save. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { amelia, noah } from '#machines/samples/messages.samples.ts';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { configureApi } from '#src/api/client.ts';
import { Shell } from '#src/app/shell.tsx';
import { conversationsAnswering, noConversations } from './messaging-fakes.ts';

function Harness({ initial, onSignOut }: { initial: BusinessProfile | null; onSignOut: () => void }) {
  const [current, setCurrent] = useState(initial);
  return (
    <Shell
      memberRole="owner"
      business={current}
      onSignOut={onSignOut}
      onBusinessUpdated={setCurrent}
      conversationsLogic={noConversations}
    >
      <h1>Page</h1>
    </Shell>
  );
}

function renderShell(path = '/', initial: BusinessProfile | null = business) {
  const location = memoryLocation({ path, record: true });
  const onSignOut = vi.fn();
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Harness initial={initial} onSignOut={onSignOut} />
    </Router>,
  );
  return { location, onSignOut };
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const group = (name: string) => nav().getByRole('button', { name });

describe('sidebar', () => {
  it('is headed by the business name, or "Your Business" without one', () => {
    renderShell('/', null);
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByText('Your Business')).toBeTruthy();
  });

  it('opens only one group at a time', () => {
    renderShell();
    expect(group('Vouchers').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group('Vouchers'));
    expect(group('Vouchers').getAttribute('aria-expanded')).toBe('true');
    expect(nav().getByRole('link', { name: 'Redeem Code' })).toBeTruthy();
    fireEvent.click(group('Bookings'));
    expect(group('Bookings').getAttribute('aria-expanded')).toBe('true');
    expect(group('Vouchers').getAttribute('aria-expanded')).toBe('false');
    expect(nav().queryByRole('link', { name: 'Redeem Code' })).toBeNull();
    fireEvent.click(group('Bookings'));
    expect(group('Bookings').getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the current page and opens its group', () => {
    renderShell('/bookings/setup');
    expect(group('Bookings').getAttribute('aria-expanded')).toBe('true');
    expect(nav().getByRole('link', { name: 'Setup' }).getAttribute('aria-current')).toBe('page');
    expect(nav().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('follows a link: the new page becomes current', () => {
    const { location } = renderShell('/');
    fireEvent.click(nav().getByRole('link', { name: 'Customers' }));
    expect(location.history.at(-1)).toBe('/customers');
    expect(nav().getByRole('link', { name: 'Customers' }).getAttribute('aria-current')).toBe('page');
  });

  it('collapses to icons and back with "Toggle sidebar"; links keep their names', () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav().getByRole('link', { name: 'My Package' })).toBeTruthy();
    // Pressing a group icon while collapsed brings the labels back with that group open.
    fireEvent.click(group('Vouchers'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(group('Vouchers').getAttribute('aria-expanded')).toBe('true');
  });
});

describe('top bar', () => {
  it('signs out', () => {
    const { onSignOut } = renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('opens the Messages panel, which Escape closes, giving focus back', async () => {
    renderShell();
    await act(async () => {});
    const opener = screen.getByRole('button', { name: 'Messages' });
    opener.focus();
    fireEvent.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Messages' });
    expect(within(panel).getByText('No conversations yet')).toBeTruthy();
    expect(panel.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('saves the Business Profile and the sidebar shows the new name', async () => {
    const requests: Array<{ method: string; body: unknown }> = [];
    const fakeFetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      requests.push({ method: String(init?.method), body });
      return new Response(JSON.stringify({ ...business, ...body }), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    configureApi({ baseUrl: 'http://portal.test', accessToken: async () => 't', fetch: fakeFetch as typeof fetch });
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Business Profile' });
    fireEvent.change(within(dialog).getByLabelText('Business Name'), { target: { value: 'Corner Cafe & Bakery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Corner Cafe & Bakery');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toEqual([
      { method: 'PUT', body: expect.objectContaining({ businessname: 'Corner Cafe & Bakery' }) },
    ]);
  });
});

/** Phone or desktop, as the shell asks the browser; `change` listeners hear a rotation or resize. */
function screenIsNarrow(narrow: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: narrow };
  window.matchMedia = ((media: string) => ({
    get matches() {
      return state.matches;
    },
    media,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof matchMedia;
  return {
    turnWide: () => {
      state.matches = false;
      for (const listener of listeners) listener();
    },
  };
}
afterEach(() => screenIsNarrow(false));

describe('phone drawer', () => {
  it('takes focus, keeps Tab inside, closes on Escape wherever focus is, and gives focus back to the toggle', async () => {
    screenIsNarrow(true);
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    toggle.focus();
    fireEvent.click(toggle);
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(nav().getByRole('link', { name: 'Dashboard' }));
    // Shift+Tab from the first control wraps to the last one of the drawer, never to the page behind.
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(sidebar.contains(document.activeElement)).toBe(true);
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes with its own button, and by itself when the screen turns wide', () => {
    const media = screenIsNarrow(true);
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByRole('button', { name: 'Close menu' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(toggle);
    expect(document.querySelector('.shell.is-drawer-open')).not.toBeNull();
    act(() => media.turnWide());
    expect(document.querySelector('.shell.is-drawer-open')).toBeNull();
  });
});

describe('Business Profile from the top bar', () => {
  const saving = () => {
    const bodies: unknown[] = [];
    const fakeFetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ ...business, ...JSON.parse(String(init?.body)) }), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    configureApi({ baseUrl: 'http://portal.test', accessToken: async () => 't', fetch: fakeFetch as typeof fetch });
    return bodies;
  };

  it('saves typed coordinates as numbers, confirms with "Profile saved.", and focus is back on Profile', async () => {
    const bodies = saving();
    renderShell();
    const opener = screen.getByRole('button', { name: 'Profile' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Business Profile' });
    fireEvent.change(within(dialog).getByLabelText('Latitude'), { target: { value: '52.520008' } });
    fireEvent.change(within(dialog).getByLabelText('Longitude'), { target: { value: '13.404954' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Profile saved.'));
    expect(bodies).toEqual([expect.objectContaining({ latitude: 52.520008, longitude: 13.404954 })]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('asks before throwing edits away: Keep editing keeps them, Discard closes', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Business Profile' });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: '2 Side Street' } });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const question = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Address').value).toBe('2 Side Street');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('unread messages', () => {
  it('shows the total unread count on the Messages button and in the tab title', async () => {
    const location = memoryLocation({ path: '/', record: true });
    document.title = 'Dashboard · Business Portal';
    const { unmount } = render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Shell
          memberRole="owner"
          business={business}
          onSignOut={vi.fn()}
          onBusinessUpdated={vi.fn()}
          conversationsLogic={conversationsAnswering([
            { ...amelia, unread_count: 2 },
            { ...noah, unread_count: 1 },
          ])}
        >
          <h1>Page</h1>
        </Shell>
      </Router>,
    );
    await act(async () => {});
    expect(screen.getByRole('button', { name: /^Messages\s*3 unread$/ })).toBeTruthy();
    expect(document.title).toBe('(3) Dashboard · Business Portal');
    unmount();
    expect(document.title).toBe('Dashboard · Business Portal');
  });
});
