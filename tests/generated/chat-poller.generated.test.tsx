/**
 * Every transition of the chat poller, played through the chat dialog it feeds: the messages arrive,
 * stay through a 304 and through failures (logged only), and no request is made while the tab is hidden.
 */
import { act, screen } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import type { chatPollerMachine } from '#machines/messaging-pollers.machine.ts';
import { amelia, chatPollerEntry } from '#machines/samples/messages.samples.ts';
import { ChatDialog } from '#src/features/messages/chat-dialog.tsx';
import { visibility } from '#src/features/messages/messages.wiring.ts';
import { describeFlow } from './harness.tsx';
import { idleChat, setTabHidden, tabHidden } from './messaging-support.tsx';

const chat = idleChat;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const expectMessages = (s: { context: { data: Array<{ messagetext: string }> | null } }) => {
  if (s.context.data === null) {
    expect(screen.getByRole('status').textContent).toBe('Loading messages...');
    return;
  }
  const log = screen.getByRole('list', { name: 'Messages with Amelia Hughes' });
  expect([...log.querySelectorAll('.chat-text')].map((p) => p.textContent)).toEqual(
    s.context.data.map((m) => m.messagetext),
  );
};

describeFlow(chatPollerEntry, {
  render: (hooks, flow) => {
    tabHidden((flow.path.input as { hidden: boolean }).hidden);
    const poller = (hooks.logic as typeof chatPollerMachine).provide({ actors: { visibility } });
    return (
      <ChatDialog
        conversation={amelia}
        onClose={() => undefined}
        onChanged={() => undefined}
        logic={chat}
        pollerLogic={poller}
        options={hooks.options as never}
      />
    );
  },
  perform: {
    'visibility.hidden': () => setTabHidden(true),
    'visibility.visible': () => setTabHidden(false),
    'poll.now': (_e, flow) => act(() => flow.recorder.actor('chatPoller')!.send({ type: 'poll.now' })),
    'xstate.after.retryDelay.chatPoller.active.backingOff': (_e, flow) =>
      act(() => flow.clock.increment(flow.live().context.retryMs)),
  },
  expectUi: {
    'active.fetching': (s, flow) => {
      expectMessages(s);
      expect(flow.fakes.poll!.pending).toBe(1);
    },
    'active.waiting': (s, flow) => {
      expectMessages(s);
      expect(flow.fakes.poll!.pending).toBe(0);
    },
    'active.backingOff': (s) => {
      // Chat failures are logged only: the messages stay, and no error shows.
      expectMessages(s);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    paused: (s, flow) => {
      expectMessages(s);
      expect(flow.fakes.poll!.pending).toBe(0);
    },
  },
});
