/**
 * Every transition of the Followers page, played through the real page with fake effects (pages, one
 * follower, the CSV export). Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { FOLLOWERS_TEXTS, type FollowersContext, noFollowersMatch } from '#machines/followers.machine.ts';
import { followersEntry } from '#machines/samples/dashboard.samples.ts';
import { FollowersView } from '#src/features/customers/followers-page.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as FollowersContext;
const dialog = () => screen.queryByRole('dialog', { name: specTexts.followerDetails });
const button = (name: string) => screen.getByRole('button', { name });
const searchBox = () => screen.getByRole('searchbox', { name: FOLLOWERS_TEXTS.searchLabel }) as HTMLInputElement;
/** The URL's page and search, as the view keeps them (replaced: no entry is pushed per keystroke). */
const expectUrl = (flow: Flow) => {
  const ctx = live(flow);
  const [path, search = ''] = flow.location().split('?');
  expect(path).toBe('/customers');
  const url = Object.fromEntries(new URLSearchParams(search));
  expect(url.page ?? '1').toBe(String(ctx.page));
  expect(url.q ?? '').toBe(ctx.query.trim() ? ctx.query : '');
};

function expectList(flow: Flow) {
  const ctx = live(flow);
  const list = ctx.list!;
  if (list.followers.length === 0 && !ctx.query.trim()) {
    expect(screen.getByText(specTexts.followersEmpty)).toBeTruthy();
    expect(button('Export CSV').matches(':disabled')).toBe(true);
  }
  if (list.followers.length === 0 && ctx.query.trim()) {
    expect(screen.getByText(noFollowersMatch(ctx.query))).toBeTruthy();
    expect(screen.queryByText(specTexts.followersEmpty)).toBeNull();
  }
  expect(searchBox().value).toBe(ctx.query);
  expectUrl(flow);
  for (const f of list.followers) {
    const row = screen.getByRole('button', { name: new RegExp(`${f.firstname} ${f.lastname}`) });
    expect(row.textContent).toContain('Followed on: ');
  }
  if (list.pagination.totalPages > 1 || ctx.page > 1) {
    expect(screen.getByText(`Page ${ctx.page} of ${list.pagination.totalPages}`)).toBeTruthy();
    expect(button(specTexts.previous).matches(':disabled')).toBe(ctx.page <= 1);
  } else {
    expect(screen.queryByRole('button', { name: specTexts.next })).toBeNull();
  }
}

describeFlow(followersEntry, {
  url: '/customers',
  render: (hooks) => <FollowersView {...hooks} />,
  perform: {
    'followers.search': (event) => fireEvent.change(searchBox(), { target: { value: event.q } }),
    'followers.next': () => fireEvent.click(button(specTexts.next)),
    'followers.previous': () => fireEvent.click(button(specTexts.previous)),
    'followers.retry': () => fireEvent.click(button('Try again')),
    'followers.open': () => fireEvent.click(screen.getAllByRole('button', { name: /Followed on/ })[0]!),
    'followers.close': () => fireEvent.click(within(dialog()!).getAllByRole('button', { name: /Close/ })[0]!),
    'followers.export': () => fireEvent.click(button('Export CSV')),
  },
  expectUi: {
    loading: (_s, flow) => {
      expect(screen.getByRole('status').textContent).toBe('Loading followers...');
      const ctx = live(flow);
      expect(flow.fakes.loadPage?.inputs.at(-1)).toEqual({ page: ctx.page, q: ctx.query.trim() });
      expect(searchBox().value).toBe(ctx.query);
    },
    typing: (_s, flow) => {
      const ctx = live(flow);
      // Nothing is asked for until the pause; the box holds what was typed and the page is back to 1.
      expect(searchBox().value).toBe(ctx.query);
      expect(ctx.page).toBe(1);
      expect(screen.queryByRole('status')).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain(specTexts.followersFailed);
    },
    'ready.list': (_s, flow) => {
      expectList(flow);
      expect(dialog()).toBeNull();
      const { error } = live(flow);
      if (error) expect(screen.getByRole('alert').textContent).toBe(error);
      expect(button('Export CSV')).toBeTruthy();
    },
    'ready.exporting': (_s, flow) => {
      expectList(flow);
      expect(button('Exporting...').matches(':disabled')).toBe(true);
    },
    'ready.loadingDetail': (_s, flow) => {
      expect(dialog()).not.toBeNull();
      expect(within(dialog()!).getByRole('status').textContent).toBe('Loading follower...');
      expect(flow.fakes.loadDetail?.inputs.at(-1)).toEqual({ customerid: live(flow).selected });
    },
    'ready.detail': (_s, flow) => {
      const ctx = live(flow);
      const d = within(dialog()!);
      if (ctx.error) expect(d.getByRole('alert').textContent).toBe(ctx.error);
      else {
        const { firstname, surname, email, history } = ctx.detail!;
        expect(d.getByText([firstname, surname].filter(Boolean).join(' '))).toBeTruthy();
        expect(d.getByText(email)).toBeTruthy();
        // The history with this business: each voucher and booking, or what says there is none.
        for (const voucher of history.vouchers) expect(d.getByText(voucher.title)).toBeTruthy();
        for (const booking of history.bookings) expect(d.getByText(booking.resourcename)).toBeTruthy();
        if (history.vouchers.length === 0) expect(d.getByText('No vouchers claimed yet.')).toBeTruthy();
        if (history.bookings.length === 0) expect(d.getByText('No bookings yet.')).toBeTruthy();
        const link = d.queryByRole('link', { name: 'Open the conversation' });
        if (history.conversationid) {
          expect(new URL(link!.getAttribute('href')!, 'http://x').searchParams.get('conversation')).toBe(
            history.conversationid,
          );
        } else {
          expect(link).toBeNull();
          expect(d.getByText('No messages yet.')).toBeTruthy();
        }
      }
    },
  },
});
