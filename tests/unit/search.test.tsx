/**
 * Issue 26's searches on the real views with fake effects (machine.provide): the followers' page and
 * search start from the URL and the request carries them; vouchers by title and conversations by
 * customer name filter after a pause, with their "No … match" states; a conversation asked for by the
 * URL opens expanded in the Messages panel.
 */
import { act, fireEvent, render, screen, waitFor as waitForDom } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyActorRef, createActor, fromPromise, waitFor } from 'xstate';
import type { FollowersPage } from '#contracts/followers.ts';
import type { Conversation, Message } from '#contracts/messaging.ts';
import { followersMachine } from '#machines/followers.machine.ts';
import { messagesPanelMachine } from '#machines/messages-panel.machine.ts';
import { conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { amelia, noah } from '#machines/samples/messages.samples.ts';
import { demoVoucher } from '#machines/samples/vouchers.samples.ts';
import { vouchersMachine } from '#machines/vouchers.machine.ts';
import { FollowersView, followersSearch, followersUrlState } from '#src/features/customers/followers-page.tsx';
import { MessagesPanel } from '#src/features/messages/messages-panel.tsx';
import { VouchersView } from '#src/features/vouchers/vouchers-page.tsx';
import { SEARCH_DEBOUNCE_MS } from '#src/lib/use-debounced.ts';

let actors: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of actors) actor.stop();
  actors = [];
  vi.useRealTimers();
});

const page: FollowersPage = {
  followers: [{ customerid: 'a1', firstname: 'Amelia', lastname: 'Hughes', followedat: '2026-11-20T10:00:00.000Z' }],
  pagination: { currentPage: 2, totalPages: 3 },
};

describe('the followers page and search live in the URL', () => {
  it('reads and writes ?page and ?q, keeping other parameters', () => {
    expect(followersUrlState('page=3&q=amelia')).toEqual({ page: 3, q: 'amelia' });
    expect(followersUrlState('page=-2&q=')).toEqual({ page: 1, q: '' });
    expect(followersUrlState('page=abc')).toEqual({ page: 1, q: '' });
    expect(followersSearch('', 1, '')).toBe('');
    expect(followersSearch('page=4', 1, '  ')).toBe('');
    expect(followersSearch('conversation=c1', 2, 'ada l')).toBe('?conversation=c1&page=2&q=ada+l');
  });

  it('starts on the page and search of the URL (a reload), and a new search goes back to page 1 in the URL', async () => {
    const loadPage = vi.fn(async (_: { input: { page: number; q: string } }) => page);
    const logic = followersMachine.provide({
      actors: { loadPage: fromPromise(({ input }) => loadPage({ input })) },
      delays: { debounce: 10 },
    });
    const memory = memoryLocation({ path: '/customers?page=2&q=amelia', record: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <FollowersView logic={logic} />
      </Router>,
    );
    await screen.findByText('Amelia Hughes');
    expect(loadPage.mock.calls[0]![0].input).toEqual({ page: 2, q: 'amelia' });
    const box = screen.getByRole('searchbox', { name: 'Search followers' }) as HTMLInputElement;
    expect(box.value).toBe('amelia');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    // The search box is labelled, described by its hint, and inside a search landmark.
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(box.closest('search')).not.toBeNull();

    fireEvent.change(box, { target: { value: 'hughes' } });
    await waitForDom(() => expect(loadPage).toHaveBeenCalledTimes(2));
    expect(loadPage.mock.calls[1]![0].input).toEqual({ page: 1, q: 'hughes' });
    await waitForDom(() => expect(memory.history.at(-1)).toBe('/customers?q=hughes'));
  });

  it('says "No followers match …" when a search finds nobody, not that there are no followers', async () => {
    const logic = followersMachine.provide({
      actors: {
        loadPage: fromPromise(
          async (): Promise<FollowersPage> => ({ followers: [], pagination: { currentPage: 1, totalPages: 0 } }),
        ),
      },
    });
    const memory = memoryLocation({ path: '/customers?q=zzz' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <FollowersView logic={logic} />
      </Router>,
    );
    expect(await screen.findByText('No followers match "zzz".')).toBeTruthy();
    expect(screen.queryByText("You don't have any followers yet.")).toBeNull();
  });
});

describe('vouchers by title', () => {
  it('filters the loaded list after a pause, and says when nothing matches', async () => {
    const other = { ...demoVoucher, voucherid: 'v2', title: 'Cake for two' };
    const logic = vouchersMachine.provide({
      actors: { loadVouchers: fromPromise(async () => [demoVoucher, other]) },
    });
    render(<VouchersView businessid="b-demo" today="2026-11-24" logic={logic} />);
    const row = (title: string) => screen.queryByRole('rowheader', { name: new RegExp(title) });
    await waitForDom(() => expect(row('Cake for two')).not.toBeNull());
    const box = screen.getByRole('searchbox', { name: 'Search vouchers' });
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'CAKE' } });
    // Not yet: the list is filtered after the pause.
    expect(row(demoVoucher.title)).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(row(demoVoucher.title)).toBeNull();
    expect(row('Cake for two')).not.toBeNull();
    fireEvent.change(box, { target: { value: 'nothing like it' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('No vouchers match "nothing like it".')).toBeTruthy();
  });
});

async function poller(data: Conversation[]) {
  const answer = async (): Promise<PollResult<Conversation[]>> => ({ kind: 'fresh', data, etag: '"1"' });
  const actor = createActor(conversationsPollerMachine.provide({ actors: { poll: fromPromise(answer) } }), {
    input: { params: { status: 'active' }, hidden: false },
  }).start();
  actors.push(actor);
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return actor;
}
const panel = messagesPanelMachine.provide({
  actors: { loadPreview: fromPromise(async (): Promise<Message[]> => []) },
});

describe('conversations by customer name', () => {
  it('filters the Active list by name after a pause, and says when nobody matches', async () => {
    const active = await poller([amelia, noah]);
    render(<MessagesPanel active={active} onClose={vi.fn()} logic={panel} />);
    const box = screen.getByRole('searchbox', { name: 'Search conversations' });
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'amel' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByRole('button', { name: /Amelia Hughes/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: new RegExp(noah.firstname!) })).toBeNull();
    fireEvent.change(box, { target: { value: 'zed' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('No conversations match "zed".')).toBeTruthy();
  });

  it('opens the conversation the URL asks for expanded (Follower Details links to it), then forgets it', async () => {
    const active = await poller([amelia, noah]);
    const onShown = vi.fn();
    render(
      <MessagesPanel active={active} onClose={vi.fn()} logic={panel} show={noah.conversationid} onShown={onShown} />,
    );
    await waitForDom(() =>
      expect(screen.getByRole('button', { name: new RegExp(noah.firstname!) }).getAttribute('aria-expanded')).toBe(
        'true',
      ),
    );
    expect(onShown).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Open full conversation' })).toBeTruthy();
  });
});
