/**
 * The two pollers of messaging (spec §9): the conversations list every 15 s (a failed load stores
 * "HTTP {status}: {statusText}" and empties the list, spec §8) and an open chat's newest 50 messages
 * every 10 s (failures are logged only, the messages stay).
 */
import {
  CHAT_PAGE_SIZE,
  CHAT_POLL_MS,
  CONVERSATIONS_POLL_MS,
  type Conversation,
  type ConversationStatus,
  type Message,
} from '#contracts/messaging.ts';
import { createPollerMachine } from './poller.machine.ts';

export const conversationsPollerMachine = createPollerMachine<Conversation[], { status: ConversationStatus }>({
  id: 'conversationsPoller',
  interval: CONVERSATIONS_POLL_MS,
  onFailure: 'empty',
  what: 'the conversations',
});

export const chatPollerMachine = createPollerMachine<Message[], { conversationid: string; limit: number }>({
  id: 'chatPoller',
  interval: CHAT_POLL_MS,
  onFailure: 'keep',
  what: 'the messages',
});

export const chatPollParams = (conversationid: string) => ({ conversationid, limit: CHAT_PAGE_SIZE });
