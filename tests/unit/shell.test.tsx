/** The signed-in shell: navigation groups, collapse, active route, top-bar overlays, profile save. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { configureApi } from '#src/api/client.ts';
import { Shell } from '#src/app/shell.tsx';

function Harness({ initial, onSignOut }: { initial: BusinessProfile | null; onSignOut: () => void }) {
  const [current, setCurrent] = useState(initial);
  return (
    <Shell business={current} onSignOut={onSignOut} onBusinessUpdated={setCurrent}>
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

  it('opens the Messages panel, which Escape closes, giving focus back', () => {
    renderShell();
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
