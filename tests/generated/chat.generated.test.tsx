/**
 * Every transition of the chat dialog through the real dialog: its title, typing, Enter to
 * send (an empty or blank message is never sent), Send disabled while sending, the text restored when
 * sending fails, and archive / reactivate.
 */
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Conversation } from '#contracts/messaging.ts';
import { chatPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { ameliaMessages, chatEntry } from '#machines/samples/messages.samples.ts';
import { ChatDialog } from '#src/features/messages/chat-dialog.tsx';
import { describeFlow } from './harness.tsx';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
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

const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: /^(Send|Sending\.\.\.)$/ }) as HTMLButtonElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describeFlow(chatEntry, {
  render: (hooks, flow) => {
    const { conversation } = flow.path.input as { conversation: Conversation };
    return (
      <ChatDialog
        conversation={conversation}
        onClose={flow.spy('onClose')}
        onChanged={flow.spy('onChanged')}
        pollerLogic={chatPoller}
        {...hooks}
      />
    );
  },
  perform: {
    'chat.edit': (e) => fireEvent.change(box(), { target: { value: e.text } }),
    'chat.send': () => fireEvent.keyDown(box(), { key: 'Enter' }),
    'chat.archive': () => fireEvent.click(button('Archive')),
    'chat.reactivate': () => fireEvent.click(button('Reactivate')),
  },
  expectUi: {
    'composer.editing': (s, flow) => {
      const { conversation } = flow.path.input as { conversation: Conversation };
      expect(
        screen.getByRole('dialog', { name: `Conversation with ${conversation.firstname} ${conversation.surname}` }),
      );
      expect(box().value).toBe(s.context.draft);
      expect(box().placeholder).toBe('Type your message...');
      expect(sendButton().textContent).toBe('Send');
      expect(sendButton().disabled).toBe(s.context.draft.trim() === '');
      // A sent message shows at the bottom of the conversation, as the business's.
      if (s.context.sent.length) {
        const last = [...document.querySelectorAll('.chat-message')].at(-1)!;
        expect(last.classList.contains('from-business')).toBe(true);
        expect(last.querySelector('.chat-text')!.textContent).toBe(s.context.sent.at(-1).messagetext);
        // Who sent it (decision 026): "by Maya" beside the time.
        const by = s.context.sent.at(-1).sentby as string | undefined;
        expect(last.querySelector('.chat-by')?.textContent ?? null).toBe(by ? ` by ${by}` : null);
      }
    },
    'composer.sending': (s, flow) => {
      expect(sendButton().textContent).toBe('Sending...');
      expect(sendButton().disabled).toBe(true);
      expect(box().value).toBe(s.context.draft);
      expect(flow.fakes.sendMessage!.inputs.at(-1)).toEqual({
        conversationid: s.context.conversation.conversationid,
        messageText: s.context.pending,
      });
    },
    'status.active': () => expect(button('Archive').disabled).toBe(false),
    'status.archiving': () => expect(button('Archive').disabled).toBe(true),
    'status.archived': () => {
      expect(button('Reactivate').disabled).toBe(false);
      expect(screen.getByText('Archived conversation')).toBeTruthy();
    },
    'status.reactivating': () => expect(button('Reactivate').disabled).toBe(true),
  },
});
