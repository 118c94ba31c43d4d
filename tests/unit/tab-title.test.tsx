/**
 * The tab title (src/app/tab-title.ts): the shown page's title and the app's name, led by the unread
 * customer messages. Laid out as in the portal: the shell reports the unread count around the page,
 * which sets its own title (tests/unit/shell.test.tsx feeds the count from the real conversations poll).
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle, useUnreadInTitle } from '#src/app/tab-title.ts';

function ShellLike({ unread, children }: { unread: number; children: ReactNode }) {
  useUnreadInTitle(unread);
  return children;
}

function PageLike({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

const portal = (unread: number, title: string | null) => (
  <ShellLike unread={unread}>
    <PageLike title={title} />
  </ShellLike>
);

afterEach(() => {
  document.title = '';
});

describe('the tab title', () => {
  it('shows the unread count before the page title, following both the count and the page', () => {
    const { rerender } = render(portal(3, 'Dashboard'));
    expect(document.title).toBe('(3) Dashboard · Business Portal');
    rerender(portal(3, 'Your Followers'));
    expect(document.title).toBe('(3) Your Followers · Business Portal');
    rerender(portal(1, 'Your Followers'));
    expect(document.title).toBe('(1) Your Followers · Business Portal');
    rerender(portal(0, 'Your Followers'));
    expect(document.title).toBe('Your Followers · Business Portal');
    rerender(portal(12, 'My Package'));
    expect(document.title).toBe('(12) My Package · Business Portal');
  });

  it('drops the count when the shell goes (signing out), and a later page title has none', () => {
    const { unmount } = render(portal(4, 'Booking Setup'));
    expect(document.title).toBe('(4) Booking Setup · Business Portal');
    unmount();
    expect(document.title).toBe('Booking Setup · Business Portal');
    expect(documentTitle('Signing out')).toBe('Signing out · Business Portal');
    render(<PageLike title="Sign in" />);
    expect(document.title).toBe('Sign in · Business Portal');
  });

  it('is the bare name while no page is shown, still led by the count', () => {
    expect(documentTitle(null)).toBe('Business Portal');
    render(portal(2, null));
    expect(document.title).toBe('(2) Business Portal');
    expect(documentTitle('Redeem a Voucher')).toBe('(2) Redeem a Voucher · Business Portal');
  });
});
