/**
 * The Messages panel (spec §2): tabs Active and Archived, the conversations of the tab with their unread
 * counts and last messages, one expanded at a time with its new customer messages, and the chat dialog
 * in its place when a conversation is opened. The Active list is the shell's poller (it also feeds the
 * unread count of the top bar); the Archived list polls only while its tab is shown.
 */
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConversationStatus } from '#contracts/messaging.ts';
import type { chatMachine } from '#machines/chat.machine.ts';
import { customerName, type messagesPanelMachine, unreadPreview } from '#machines/messages-panel.machine.ts';
import type { chatPollerMachine, conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import { matchesEveryWord, useDebounced } from '#src/lib/use-debounced.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { MessageIcon } from '#src/ui/icons.tsx';
import { type CloseControl, Modal } from '#src/ui/modal.tsx';
import { SearchField } from '#src/ui/search-field.tsx';
import { ChatDialog, messageTime } from './chat-dialog.tsx';
import { isHidden, liveConversationsPoller, liveMessagesPanel } from './messages.wiring.ts';
import './messages.css';

type PollerRef = ActorRefFrom<typeof conversationsPollerMachine>;
type PanelSnapshot = ReturnType<ReturnType<typeof useFlowActor<typeof messagesPanelMachine>>[2]['getSnapshot']>;
type PanelSend = ReturnType<typeof useFlowActor<typeof messagesPanelMachine>>[1];

export interface MessagesPanelProps extends FlowHooks<typeof messagesPanelMachine> {
  /** The Active tab's poller (the shell runs it for the unread count). */
  active: PollerRef;
  onClose: () => void;
  closeControl?: CloseControl;
  /** Tests: the Archived tab's poller, the chat and its poller, with fakes. */
  archivedLogic?: typeof conversationsPollerMachine;
  chatLogic?: typeof chatMachine;
  chatPollerLogic?: typeof chatPollerMachine;
  /** A conversation to show expanded once the lists have it (`?conversation={id}`), then `onShown`. */
  show?: string | null;
  onShown?: () => void;
}

const TABS: Array<{ tab: ConversationStatus; label: string }> = [
  { tab: 'active', label: 'Active' },
  { tab: 'archived', label: 'Archived' },
];

export function MessagesPanel({
  active,
  onClose,
  closeControl,
  archivedLogic = liveConversationsPoller,
  chatLogic,
  chatPollerLogic,
  logic = liveMessagesPanel,
  options,
  show = null,
  onShown = () => {},
}: MessagesPanelProps) {
  const [state, send, actor] = useFlowActor(logic, { options });
  // A conversation marked read, a message sent, a tab changed: the Active list (and the count) at once.
  const refresh = useCallback(() => active.send({ type: 'poll.now' }), [active]);
  useEffect(() => {
    const subscription = actor.on('panel.read', refresh);
    return () => subscription.unsubscribe();
  }, [actor, refresh]);
  const panelId = useId();
  // Search by customer name over the polled lists (issue 26): each comes whole with its ETag every few
  // seconds, so filtering here adds no request and keeps the polls' 304s.
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const { tab, chatWith } = state.context;

  if (state.matches('chatting') && chatWith) {
    return (
      <ChatDialog
        conversation={chatWith}
        onClose={() => send({ type: 'chat.close' })}
        closeControl={enabledFor(state, { type: 'chat.close' })}
        onChanged={refresh}
        logic={chatLogic}
        pollerLogic={chatPollerLogic}
        options={options as never}
      />
    );
  }

  // Arrow keys move between the tabs, as in every tab list.
  const onTabKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    send({ type: 'tab.select', tab: next.tab });
    tabRefs.current[TABS.indexOf(next)]?.focus();
  };

  return (
    <Modal title="Messages" onClose={onClose} closeControl={closeControl} className="modal-panel messages-panel">
      <div className="messages-tabs" role="tablist" aria-label="Conversations">
        {TABS.map((item, index) => (
          <button
            key={item.tab}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${panelId}-${item.tab}`}
            aria-selected={tab === item.tab}
            aria-controls={panelId}
            tabIndex={tab === item.tab ? 0 : -1}
            className="messages-tab"
            data-event="tab.select"
            onClick={() => send({ type: 'tab.select', tab: item.tab })}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <SearchField label="Search conversations" hint="Customer name" value={typed} onSearch={setTyped} />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${tab}`} className="messages-tabpanel">
        {tab === 'active' ? (
          <ConversationList poller={active} state={state} send={send} show={show} onShown={onShown} query={query} />
        ) : (
          <ArchivedConversations
            logic={archivedLogic}
            options={options}
            state={state}
            send={send}
            show={show}
            onShown={onShown}
            query={query}
          />
        )}
      </div>
    </Modal>
  );
}

/** The Archived tab polls on its own, only while it is shown. */
function ArchivedConversations({
  logic,
  options,
  state,
  send,
  show,
  onShown,
  query,
}: {
  logic: typeof conversationsPollerMachine;
  options: MessagesPanelProps['options'];
  state: PanelSnapshot;
  send: PanelSend;
  show: string | null;
  onShown: () => void;
  query: string;
}) {
  const [, , poller] = useFlowActor(logic, {
    input: { params: { status: 'archived' }, hidden: isHidden() },
    options: options as never,
  });
  return <ConversationList poller={poller} state={state} send={send} show={show} onShown={onShown} query={query} />;
}

function ConversationList({
  poller,
  state,
  send,
  show,
  onShown,
  query,
}: {
  poller: PollerRef;
  state: PanelSnapshot;
  send: PanelSend;
  show: string | null;
  onShown: () => void;
  /** The customer-name search: only the conversations whose name holds every word show. */
  query: string;
}) {
  // Only the data and the error are selected: a 304 keeps both, so the list does not re-render.
  const conversations = useSelector(poller, (s) => s.context.data);
  const error = useSelector(poller, (s) => s.context.error);
  const { expanded, preview, previewFailed, tab } = state.context;

  // A conversation asked for by the URL: expanded where it is (Active, else Archived), then forgotten.
  useEffect(() => {
    if (!show || conversations === null) return;
    const wanted = conversations.find((c) => c.conversationid === show);
    if (wanted) {
      if (expanded?.conversationid !== show) send({ type: 'conversation.toggle', conversation: wanted });
      onShown();
    } else if (tab === 'active') send({ type: 'tab.select', tab: 'archived' });
    else onShown();
  }, [show, conversations, expanded, tab, send, onShown]);

  if (error) return <Alert text={`Error: ${error}`} />;
  if (conversations === null) {
    return (
      <p className="messages-status" role="status">
        Loading conversations...
      </p>
    );
  }
  if (conversations.length === 0) {
    return (
      <EmptyState icon={<MessageIcon />} title="No conversations yet">
        When customers message your business, their conversations appear here.
      </EmptyState>
    );
  }
  const shown = conversations.filter((c) => matchesEveryWord(query, c.firstname, c.surname));
  if (shown.length === 0) {
    return <EmptyState icon={<MessageIcon />} title={`No conversations match "${query.trim()}".`} />;
  }
  return (
    <ul className="conversation-list">
      {shown.map((conversation) => {
        const open = expanded?.conversationid === conversation.conversationid;
        const name = customerName(conversation);
        const detailsId = `conversation-${conversation.conversationid}`;
        const news = open ? unreadPreview(preview) : [];
        return (
          <li key={conversation.conversationid} className={open ? 'is-open' : undefined}>
            <button
              type="button"
              className="conversation-row"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              {...enabledFor(state, { type: 'conversation.toggle', conversation })}
              onClick={() => send({ type: 'conversation.toggle', conversation })}
            >
              <span className="conversation-head">
                <span className="conversation-name">{name}</span>
                {conversation.unread_count > 0 && (
                  <span className="unread-badge">
                    {conversation.unread_count}
                    <span className="visually-hidden"> unread</span>
                  </span>
                )}
              </span>
              {/* The time on the last message's line: the name keeps the whole first line. */}
              <span className="conversation-foot">
                <span className="conversation-last">{conversation.last_message ?? 'No messages yet'}</span>
                {conversation.last_message_at && (
                  <time className="conversation-time" dateTime={conversation.last_message_at}>
                    <span className="visually-hidden">, at </span>
                    {messageTime(conversation.last_message_at)}
                  </time>
                )}
              </span>
            </button>
            {open && (
              <div id={detailsId} className="conversation-details">
                {state.hasTag('loading') ? (
                  <p className="messages-status" role="status">
                    Loading messages...
                  </p>
                ) : previewFailed ? (
                  <p className="messages-status">The newest messages could not be loaded.</p>
                ) : news.length > 0 ? (
                  <ul className="preview-list">
                    {news.map((message) => (
                      <li key={message.messageid}>New: {message.messagetext}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="messages-status">No new messages</p>
                )}
                <button
                  type="button"
                  className="link-button"
                  {...enabledFor(state, { type: 'conversation.open', conversation })}
                  onClick={() => send({ type: 'conversation.open', conversation })}
                >
                  Open full conversation
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
