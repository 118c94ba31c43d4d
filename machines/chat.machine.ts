/**
 * The chat dialog (spec §2, §4, §5; the panel marks the conversation read as it opens it): the owner
 * types (Enter sends, Shift+Enter adds a line, in the view), an empty or whitespace-only message is never
 * sent, Send is disabled while sending, and a failed send puts the typed text back (failures are logged
 * only, spec §8). The conversation can be archived or reactivated from here. The messages themselves
 * come from the chat poller; messages sent here show at once, until the poll brings them back.
 */
import { assign, emit, setup } from 'xstate';
import type { Conversation, Message } from '#contracts/messaging.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface ChatContext {
  conversation: Conversation;
  draft: string;
  /** The text on its way to the server. */
  pending: string;
  /** Messages sent from this dialog, shown until the poll answers with them. */
  sent: Message[];
  isActive: boolean;
}

export type ChatEvent =
  | { type: 'chat.edit'; text: string }
  | { type: 'chat.send' }
  | { type: 'chat.archive' }
  | { type: 'chat.reactivate' };

/** What the dialog tells the page: a message was sent, or the conversation changed tabs. */
export type ChatEmitted = { type: 'chat.changed' };

/** The poll's messages plus those sent here that the poll has not brought yet, oldest first. */
export function chatMessages(polled: readonly Message[] | null, sent: readonly Message[]): Message[] {
  const known = new Set((polled ?? []).map((message) => message.messageid));
  return [...(polled ?? []), ...sent.filter((message) => !known.has(message.messageid))];
}

const logFailure =
  (what: string) =>
  ({ event }: { event: { error?: unknown } }) => {
    console.warn(`${what} failed: ${failureText(event.error, 'An unknown network error occurred.')}`);
  };

export const chatMachine = setup({
  types: {
    input: {} as { conversation: Conversation },
    context: {} as ChatContext,
    events: {} as ChatEvent,
    emitted: {} as ChatEmitted,
    tags: {} as ViewTag | 'sending' | 'archived',
  },
  actors: {
    sendMessage: notProvided<Message, { conversationid: string; messageText: string }>('sendMessage'),
    setActive: notProvided<Conversation, { conversationid: string; isActive: boolean }>('setActive'),
  },
  guards: {
    hasText: ({ context }) => context.draft.trim() !== '',
    startsArchived: ({ context }) => !context.isActive,
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    conversation: input.conversation,
    draft: '',
    pending: '',
    sent: [],
    isActive: input.conversation.is_active,
  }),
  type: 'parallel',
  states: {
    composer: {
      description: 'The message box "Type your message..." and the Send button',
      initial: 'editing',
      states: {
        editing: {
          description: 'The owner types; Send is enabled when there is text other than spaces',
          on: {
            'chat.edit': {
              actions: assign({ draft: ({ event }) => event.text }),
              description: 'Type in the message box (Shift+Enter adds a line)',
            },
            'chat.send': {
              guard: 'hasText',
              target: 'sending',
              actions: assign(({ context }) => ({ pending: context.draft.trim(), draft: '' })),
              description: 'Press Enter or "Send" with a message typed',
            },
          },
        },
        sending: {
          description: 'The message is on its way: the box is empty and Send is disabled',
          tags: ['busy', 'sending'],
          on: {
            'chat.edit': {
              actions: assign({ draft: ({ event }) => event.text }),
              description: 'Type the next message while this one is sent',
            },
          },
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({
              conversationid: context.conversation.conversationid,
              messageText: context.pending,
            }),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context, event }) => ({ sent: [...context.sent, event.output], pending: '' })),
                emit({ type: 'chat.changed' }),
              ],
              description: 'The server takes it: the message shows at the bottom of the conversation',
            },
            onError: {
              target: 'editing',
              actions: [
                logFailure('Sending the message'),
                assign(({ context }) => ({
                  draft: context.draft.trim() === '' ? context.pending : `${context.pending}\n${context.draft}`,
                  pending: '',
                })),
              ],
              description: 'Sending fails: the typed text is back in the box, to send again',
            },
          },
        },
      },
    },
    status: {
      description: 'Whether the conversation is active or archived',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'The dialog opens on the conversation as it is',
          always: [
            { guard: 'startsArchived', target: 'archived', description: 'It was opened from the Archived tab' },
            { target: 'active', description: 'It was opened from the Active tab' },
          ],
        },
        active: {
          description: 'The conversation is active: an "Archive" button shows',
          on: { 'chat.archive': { target: 'archiving', description: 'Press "Archive"' } },
        },
        archiving: {
          description: 'The conversation is being archived',
          tags: ['busy'],
          invoke: {
            id: 'archive',
            src: 'setActive',
            input: ({ context }) => ({ conversationid: context.conversation.conversationid, isActive: false }),
            onDone: {
              target: 'archived',
              actions: [assign({ isActive: false }), emit({ type: 'chat.changed' })],
              description: 'It moves to the Archived tab',
            },
            onError: {
              target: 'active',
              actions: logFailure('Archiving the conversation'),
              description: 'Archiving fails; it stays active',
            },
          },
        },
        archived: {
          description: 'The conversation is archived: a "Reactivate" button shows',
          tags: ['archived'],
          on: { 'chat.reactivate': { target: 'reactivating', description: 'Press "Reactivate"' } },
        },
        reactivating: {
          description: 'The conversation is being moved back to Active',
          tags: ['busy', 'archived'],
          invoke: {
            id: 'reactivate',
            src: 'setActive',
            input: ({ context }) => ({ conversationid: context.conversation.conversationid, isActive: true }),
            onDone: {
              target: 'active',
              actions: [assign({ isActive: true }), emit({ type: 'chat.changed' })],
              description: 'It moves back to the Active tab',
            },
            onError: {
              target: 'archived',
              actions: logFailure('Reactivating the conversation'),
              description: 'Reactivating fails; it stays archived',
            },
          },
        },
      },
    },
  },
});
