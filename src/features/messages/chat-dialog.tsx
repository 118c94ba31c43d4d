/**
 * The chat dialog (spec §2): a full-screen "Conversation with {name}", the business's and the
 * customer's messages as distinct bubbles with their times, and a multi-line box where Enter sends and
 * Shift+Enter adds a line. The list stays at the newest message unless the owner scrolled up to read.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Conversation, Message } from '#contracts/messaging.ts';
import { type chatMachine, chatMessages } from '#machines/chat.machine.ts';
import { customerName } from '#machines/messages-panel.machine.ts';
import { type chatPollerMachine, chatPollParams } from '#machines/messaging-pollers.machine.ts';
import { useInspect } from '#src/lib/inspect.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { type CloseControl, Modal } from '#src/ui/modal.tsx';
import { isHidden, liveChat, liveChatPoller } from './messages.wiring.ts';

export interface ChatDialogProps extends FlowHooks<typeof chatMachine> {
  conversation: Conversation;
  onClose: () => void;
  closeControl?: CloseControl;
  /** The conversation was read, answered, archived or reactivated: lists showing it should refresh. */
  onChanged: () => void;
  pollerLogic?: typeof chatPollerMachine;
}

/** Within this many pixels of the bottom counts as "at the newest message". */
const PINNED_SLACK = 48;

const timeOnly = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
export const messageTime = (iso: string, now = new Date()) => {
  const date = new Date(iso);
  return sameDay(date, now) ? timeOnly.format(date) : dayAndTime.format(date);
};

export function ChatDialog({
  conversation,
  onClose,
  closeControl,
  onChanged,
  logic = liveChat,
  pollerLogic = liveChatPoller,
  options,
}: ChatDialogProps) {
  const [state, send, actor] = useFlowActor(logic, { input: { conversation }, options });
  const inspect = useInspect();
  const poller = useActorRef(pollerLogic, {
    inspect,
    ...(options as object),
    input: { params: chatPollParams(conversation.conversationid), hidden: isHidden() },
  });
  const polled = useSelector(poller, (s) => s.context.data);
  const messages = useMemo(() => chatMessages(polled, state.context.sent), [polled, state.context.sent]);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    const subscription = actor.on('chat.changed', () => changed.current());
    return () => subscription.unsubscribe();
  }, [actor]);

  const name = customerName(conversation);
  const sending = state.hasTag('sending');
  const archived = state.hasTag('archived');

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a line; Enter that confirms an IME composition is the IME's.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send({ type: 'chat.send' });
  };

  return (
    <Modal
      title={`Conversation with ${name}`}
      subtitle={conversation.email}
      onClose={onClose}
      closeControl={closeControl}
      className="modal-fullscreen chat-dialog"
      footer={
        <form
          className="chat-composer"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'chat.send' });
          }}
        >
          <textarea
            data-autofocus
            aria-label="Message"
            placeholder="Type your message..."
            rows={2}
            value={state.context.draft}
            onChange={(event) => send({ type: 'chat.edit', text: event.target.value })}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" {...enabledFor(state, { type: 'chat.send' })}>
            {sending ? 'Sending...' : 'Send'}
          </Button>
        </form>
      }
    >
      <div className="chat-toolbar">
        <span className="chat-state">{archived ? 'Archived conversation' : 'Active conversation'}</span>
        {archived ? (
          <Button
            variant="secondary"
            {...enabledFor(state, { type: 'chat.reactivate' })}
            onClick={() => send({ type: 'chat.reactivate' })}
          >
            Reactivate
          </Button>
        ) : (
          <Button
            variant="secondary"
            {...enabledFor(state, { type: 'chat.archive' })}
            onClick={() => send({ type: 'chat.archive' })}
          >
            Archive
          </Button>
        )}
      </div>
      <ChatLog messages={messages} loading={polled === null} name={name} />
    </Modal>
  );
}

function ChatLog({ messages, loading, name }: { messages: Message[]; loading: boolean; name: string }) {
  const listRef = useRef<HTMLOListElement>(null);
  // Whether the owner is at the newest message; scrolling up to read older ones turns it off.
  const pinned = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change, to follow the newest
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && pinned.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  if (loading && messages.length === 0) {
    return (
      <p className="messages-status" role="status">
        Loading messages...
      </p>
    );
  }
  if (messages.length === 0) return <p className="messages-status">No messages yet</p>;
  return (
    <ol
      ref={listRef}
      className="chat-log"
      aria-label={`Messages with ${name}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      onScroll={(event) => {
        const list = event.currentTarget;
        pinned.current = list.scrollHeight - list.scrollTop - list.clientHeight <= PINNED_SLACK;
      }}
    >
      {messages.map((message) => {
        const mine = message.sendertype === 'business';
        return (
          <li key={message.messageid} className={`chat-message ${mine ? 'from-business' : 'from-customer'}`}>
            <span className="visually-hidden">{mine ? 'You' : name}: </span>
            <p className="chat-text">{message.messagetext}</p>
            <time className="chat-time" dateTime={message.createdat}>
              {messageTime(message.createdat)}
            </time>
            {mine && message.sentby && <span className="chat-by"> by {message.sentby}</span>}
          </li>
        );
      })}
    </ol>
  );
}
