/** The chat's keyboard: Enter sends, Shift+Enter adds a line, a blank message is never sent. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Message } from '#contracts/messaging.ts';
import { chatMachine } from '#machines/chat.machine.ts';
import { chatPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';
import { amelia, ameliaMessages } from '#machines/samples/messages.samples.ts';
import { ChatDialog } from '#src/features/messages/chat-dialog.tsx';

function renderChat() {
  const sent: string[] = [];
  const logic = chatMachine.provide({
    actors: {
      setActive: fromPromise(async () => amelia),
      sendMessage: fromPromise<Message, { conversationid: string; messageText: string }>(async ({ input }) => {
        sent.push(input.messageText);
        return {
          ...ameliaMessages[0]!,
          messageid: `m${sent.length}`,
          sendertype: 'business',
          messagetext: input.messageText,
        };
      }),
    },
  });
  const pollerLogic = chatPollerMachine.provide({
    actors: {
      poll: fromPromise(
        async (): Promise<PollResult<Message[]>> => ({ kind: 'fresh', data: ameliaMessages, etag: null }),
      ),
    },
  });
  const onChanged = vi.fn();
  render(
    <ChatDialog
      conversation={amelia}
      onClose={vi.fn()}
      onChanged={onChanged}
      logic={logic}
      pollerLogic={pollerLogic}
    />,
  );
  const box = screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement;
  return { sent, box, onChanged };
}

describe('the chat dialog', () => {
  it("is titled with the customer and shows the customer's messages as theirs", async () => {
    renderChat();
    expect(screen.getByRole('dialog', { name: 'Conversation with Amelia Hughes' })).toBeTruthy();
    await act(async () => {});
    expect(screen.getByText('Hi! Do you have oat milk?').closest('li')!.className).toContain('from-customer');
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and never sends blank text', async () => {
    const { sent, box, onChanged } = renderChat();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);

    fireEvent.change(box, { target: { value: 'Line one' } });
    const shiftEnter = fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(shiftEnter).toBe(true); // not prevented: the browser adds the line break
    fireEvent.change(box, { target: { value: 'Line one\nLine two' } });
    const enter = fireEvent.keyDown(box, { key: 'Enter' });
    expect(enter).toBe(false);
    await act(async () => {});
    expect(sent).toEqual(['Line one\nLine two']);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(box.value).toBe('');
    const mine = screen.getByText(/Line one/).closest('li')!;
    expect(mine.className).toContain('from-business');
    expect(mine.querySelector('time')!.getAttribute('datetime')).toBe(ameliaMessages[0]!.createdat);
  });
});
