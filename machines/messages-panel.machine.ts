/**
 * The Messages panel (spec §2): tabs Active and Archived (Active first), one conversation expanded at a
 * time with a preview of its newest 5 messages (its unread customer messages as "New: ..." or "No new
 * messages"), and "Open full conversation", which shows the chat dialog in place of the panel. The list
 * itself comes from the conversations poller (messaging-pollers.machine.ts); this machine owns the rest.
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { Conversation, ConversationStatus, Message } from '#contracts/messaging.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface MessagesPanelContext {
  tab: ConversationStatus;
  expanded: Conversation | null;
  preview: Message[] | null;
  previewFailed: boolean;
  chatWith: Conversation | null;
}

export type MessagesPanelEvent =
  | { type: 'tab.select'; tab: ConversationStatus }
  | { type: 'conversation.toggle'; conversation: Conversation }
  | { type: 'conversation.open'; conversation: Conversation }
  | { type: 'chat.close' };

/** What the panel tells the page: a conversation was marked read (the unread count drops). */
export type MessagesPanelEmitted = { type: 'panel.read' };

/** The preview's lines: the customer's unread messages among the newest 5, oldest first. */
export const unreadPreview = (preview: readonly Message[] | null) =>
  (preview ?? []).filter((message) => message.sendertype === 'customer' && !message.isread);

/** "Ada Lovelace"; a customer without a name is "Customer". */
export const customerName = (conversation: Pick<Conversation, 'firstname' | 'surname'>) =>
  [conversation.firstname, conversation.surname].filter(Boolean).join(' ').trim() || 'Customer';

export const messagesPanelMachine = setup({
  types: {
    context: {} as MessagesPanelContext,
    events: {} as MessagesPanelEvent,
    emitted: {} as MessagesPanelEmitted,
    tags: {} as ViewTag,
  },
  actors: {
    loadPreview: notProvided<Message[], { conversationid: string }>('loadPreview'),
    markRead: notProvided<unknown, { conversationid: string }>('markRead'),
  },
  guards: {
    otherTab: ({ context, event }) => {
      assertEvent(event, 'tab.select');
      return event.tab !== context.tab;
    },
    isExpanded: ({ context, event }) => {
      assertEvent(event, ['conversation.toggle', 'conversation.open']);
      return context.expanded?.conversationid === event.conversation.conversationid;
    },
  },
  actions: {
    collapse: assign({ expanded: null, preview: null, previewFailed: false }),
    expand: assign(({ event }) => {
      assertEvent(event, 'conversation.toggle');
      return { expanded: event.conversation, preview: null, previewFailed: false };
    }),
  },
}).createMachine({
  id: 'messagesPanel',
  context: { tab: 'active', expanded: null, preview: null, previewFailed: false, chatWith: null },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The Messages panel lists the conversations of the chosen tab',
      on: {
        'tab.select': {
          guard: 'otherTab',
          target: '.collapsed',
          actions: ['collapse', assign({ tab: ({ event }) => event.tab })],
          description: 'Press the other tab ("Active" or "Archived")',
        },
      },
      initial: 'collapsed',
      states: {
        collapsed: {
          description: 'Every conversation shows its customer, unread count and last message',
          on: {
            'conversation.toggle': {
              target: 'previewing',
              actions: 'expand',
              description: 'Press a conversation to expand it',
            },
          },
        },
        previewing: {
          description: 'The expanded conversation loads its newest 5 messages',
          tags: ['loading', 'busy'],
          invoke: {
            id: 'loadPreview',
            src: 'loadPreview',
            input: ({ context }) => ({ conversationid: context.expanded!.conversationid }),
            onDone: {
              target: 'expanded',
              actions: assign({ preview: ({ event }) => event.output }),
              description: 'The newest messages arrive',
            },
            onError: {
              target: 'expanded',
              actions: assign({ previewFailed: true }),
              description: 'The newest messages cannot be loaded',
            },
          },
          on: {
            'conversation.toggle': [
              {
                guard: 'isExpanded',
                target: 'collapsed',
                actions: 'collapse',
                description: 'Press the expanded conversation again',
              },
              { target: 'previewing', reenter: true, actions: 'expand', description: 'Press another conversation' },
            ],
          },
        },
        expanded: {
          description:
            'The expanded conversation shows its unread customer messages as "New: ..." (or "No new messages") and "Open full conversation"',
          on: {
            'conversation.open': {
              guard: 'isExpanded',
              target: '#messagesPanel.chatting',
              actions: assign({ chatWith: ({ event }) => event.conversation }),
              description: 'Press "Open full conversation" under the expanded conversation',
            },
            'conversation.toggle': [
              {
                guard: 'isExpanded',
                target: 'collapsed',
                actions: 'collapse',
                description: 'Press the expanded conversation again to fold it',
              },
              { target: 'previewing', actions: 'expand', description: 'Press another conversation' },
            ],
          },
        },
      },
    },
    chatting: {
      description: 'The chat dialog "Conversation with {name}" covers the screen',
      // Spec §4: opening a conversation marks its messages read on the server.
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ conversationid: context.chatWith!.conversationid }),
        onDone: {
          actions: emit({ type: 'panel.read' }),
          description: 'The server marks its messages read: the unread count on the Messages button drops',
        },
        onError: {
          actions: ({ event }) =>
            console.warn(
              `Marking the conversation read failed: ${failureText(event.error, 'An unknown network error occurred.')}`,
            ),
          description: 'Marking them read fails (logged only); the chat works as before',
        },
      },
      on: {
        'chat.close': {
          target: 'browsing',
          actions: ['collapse', assign({ chatWith: null })],
          description: 'Press "Close" in the chat dialog (or Escape): the panel comes back',
        },
      },
    },
  },
});
