/** The spec's texts and intervals of messaging (§2, §8, §9), on the real views and machines. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, waitFor } from 'xstate';
import type { Conversation, Message } from '#contracts/messaging.ts';
import { messagesPanelMachine } from '#machines/messages-panel.machine.ts';
import { chatPollerMachine, conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { amelia, ameliaMessages, noah } from '#machines/samples/messages.samples.ts';
import { ApiError } from '#src/api/errors.ts';
import { pollFailure } from '#src/features/messages/messages.wiring.ts';
import { MessagesPanel } from '#src/features/messages/messages-panel.tsx';
import { specDelays, specTexts as text } from '#tests/spec/spec-texts.ts';

let actors: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of actors) actor.stop();
  actors = [];
});

/** A conversations poller whose one request answers (or fails) as given; never again within the test. */
async function poller(answer: () => Promise<PollResult<Conversation[]>>, settle = true) {
  const actor = createActor(conversationsPollerMachine.provide({ actors: { poll: fromPromise(answer) } }), {
    input: { params: { status: 'active' }, hidden: false },
  }).start();
  actors.push(actor);
  if (settle) await waitFor(actor, (s) => !s.hasTag('busy'));
  return actor;
}
const panelWith = (preview: Message[]) =>
  messagesPanelMachine.provide({ actors: { loadPreview: fromPromise(async () => preview) } });

describe('the Messages panel speaks the spec', () => {
  it('loading, then the list with tabs, names, unread counts and last messages (or "No messages yet")', async () => {
    const loading = await poller(() => new Promise(() => undefined), false);
    const { unmount } = render(<MessagesPanel active={loading} onClose={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe(text.loadingConversations);
    expect(screen.getByRole('tab', { name: text.messagesActive }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: text.messagesArchived }).getAttribute('aria-selected')).toBe('false');
    unmount();

    const silent = { ...noah, last_message: null, unread_count: 0 };
    const listed = await poller(async () => ({ kind: 'fresh', data: [amelia, silent], etag: '"1"' }));
    render(<MessagesPanel active={listed} onClose={vi.fn()} logic={panelWith(ameliaMessages)} />);
    expect(screen.getByRole('button', { name: /^Amelia Hughes\s*2\s*unread/ })).toBeTruthy();
    expect(screen.getByText(text.noMessagesYet)).toBeTruthy();
  });

  it('expanding shows the unread customer messages as "New: ..." or "No new messages", and "Open full conversation"', async () => {
    const listed = await poller(async () => ({ kind: 'fresh', data: [amelia, noah], etag: '"1"' }));
    const read = ameliaMessages.map((m) => ({ ...m, isread: true }));
    const { unmount } = render(<MessagesPanel active={listed} onClose={vi.fn()} logic={panelWith(ameliaMessages)} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Amelia Hughes/ })));
    expect(screen.getByText(`${text.newPrefix}${ameliaMessages[0]!.messagetext}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: text.openConversation })).toBeTruthy();
    unmount();
    render(<MessagesPanel active={listed} onClose={vi.fn()} logic={panelWith(read)} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Noah Patel/ })));
    expect(screen.getByText(text.noNewMessages)).toBeTruthy();
  });

  it('"No conversations yet" when there are none', async () => {
    const none = await poller(async () => ({ kind: 'fresh', data: [], etag: '"1"' }));
    render(<MessagesPanel active={none} onClose={vi.fn()} />);
    expect(screen.getByText(text.noConversations)).toBeTruthy();
  });

  it('a failed load shows "Error: HTTP {status}: {statusText}" and empties the list', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = Object.assign(new ApiError('http', 'Request failed with status 503', 503), {
      statusText: 'Service Unavailable',
    });
    const failed = await poller(async () => {
      throw pollFailure(failure);
    });
    render(<MessagesPanel active={failed} onClose={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(`${text.conversationsErrorPrefix}HTTP 503: Service Unavailable`);
    expect(failed.getSnapshot().context.data).toEqual([]);
  });
});

describe('the pollers keep the spec intervals', () => {
  it('polls conversations every 15 s and an open chat every 10 s', () => {
    expect(conversationsPollerMachine.implementations.delays.pollInterval).toBe(specDelays.conversationsPoll.ms);
    expect(chatPollerMachine.implementations.delays.pollInterval).toBe(specDelays.chatPoll.ms);
  });
});
