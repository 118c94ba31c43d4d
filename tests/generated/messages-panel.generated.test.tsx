/**
 * Every transition of the Messages panel through the real panel: the Active and Archived tabs, a
 * conversation expanded with its new messages ("New: ...") or "No new messages", and the chat dialog
 * opened in its place and closed again. The lists come from pollers answering fixed conversations.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, expect, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, waitFor } from 'xstate';
import type { Conversation } from '#contracts/messaging.ts';
import { chatPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { amelia, ameliaMessages, messagesPanelEntry, noah } from '#machines/samples/messages.samples.ts';
import { MessagesPanel } from '#src/features/messages/messages-panel.tsx';
import { conversationsAnswering } from '../unit/messaging-fakes.ts';
import { describeFlow } from './harness.tsx';
import { idleChat } from './messaging-support.tsx';

const listed: Conversation[] = [amelia, noah];
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
let active: AnyActorRef;
beforeAll(async () => {
  active = createActor(conversationsAnswering(listed), {
    input: { params: { status: 'active' }, hidden: false },
  }).start();
  await waitFor(active, (s) => s.matches({ active: 'waiting' }));
});
const archived = conversationsAnswering(listed.map((c) => ({ ...c, is_active: false })));
const chat = idleChat;
const chatPoller = chatPollerMachine.provide({
  actors: {
    poll: fromPromise(
      async (): Promise<PollResult<typeof ameliaMessages>> => ({
        kind: 'fresh',
        data: ameliaMessages,
        etag: '"m1"',
      }),
    ),
  },
});

const panel = () => screen.getByRole('dialog', { name: 'Messages' });
const row = (name: string) => within(panel()).getByRole('button', { name: new RegExp(name) });
const nameOf = (c: Conversation) => `${c.firstname} ${c.surname}`;
const flush = () => act(async () => {});

function expectBrowsing(s: { context: { tab: string } }) {
  const tabs = within(panel()).getAllByRole('tab');
  expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
    ['Active', String(s.context.tab === 'active')],
    ['Archived', String(s.context.tab === 'archived')],
  ]);
  expect(row('Amelia Hughes').textContent).toContain('2 unread');
  expect(within(row('Noah Patel')).queryByText(/unread/)).toBeNull();
}

describeFlow(messagesPanelEntry, {
  render: (hooks) => (
    <MessagesPanel
      active={active as never}
      onClose={() => undefined}
      archivedLogic={archived}
      chatLogic={chat}
      chatPollerLogic={chatPoller}
      {...hooks}
    />
  ),
  perform: {
    'tab.select': async (e) => {
      fireEvent.click(within(panel()).getByRole('tab', { name: e.tab === 'active' ? 'Active' : 'Archived' }));
      await flush();
    },
    'conversation.toggle': (e) => fireEvent.click(row(nameOf(e.conversation))),
    'conversation.open': () => fireEvent.click(screen.getByRole('button', { name: 'Open full conversation' })),
    'chat.close': async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await flush();
    },
  },
  expectUi: {
    'browsing.collapsed': (s) => {
      expectBrowsing(s);
      expect(screen.queryByRole('button', { name: 'Open full conversation' })).toBeNull();
    },
    'browsing.previewing': (s) => {
      expectBrowsing(s);
      expect(row(nameOf(s.context.expanded)).getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('status').textContent).toBe('Loading messages...');
    },
    'browsing.expanded': (s) => {
      expectBrowsing(s);
      expect(row(nameOf(s.context.expanded)).getAttribute('aria-expanded')).toBe('true');
      if (s.context.previewFailed) {
        expect(screen.getByText('The newest messages could not be loaded.')).toBeTruthy();
      } else {
        expect(screen.getByText('New: Hi! Do you have oat milk?')).toBeTruthy();
        expect(screen.getByText('New: And could you keep two cardamom buns for me?')).toBeTruthy();
      }
      expect(screen.getByRole('button', { name: 'Open full conversation' })).toBeTruthy();
    },
    chatting: (s, flow) => {
      expect(screen.queryByRole('dialog', { name: 'Messages' })).toBeNull();
      expect(screen.getByRole('dialog', { name: `Conversation with ${nameOf(s.context.chatWith)}` })).toBeTruthy();
      // Opening it asked the server to mark it read.
      expect(flow.fakes.markRead!.inputs.at(-1)).toEqual({ conversationid: s.context.chatWith.conversationid });
    },
  },
});
