/** The real effects of messaging: the two pollers, the preview, the chat's read, send and archive calls. */
import { chatMachine } from '#machines/chat.machine.ts';
import { messagesPanelMachine } from '#machines/messages-panel.machine.ts';
import { chatPollerMachine, conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import {
  getPreview,
  markConversationRead,
  pollConversations,
  pollMessages,
  sendMessage,
  setConversationActive,
} from '#src/api/messaging.ts';
import { pollFailure, visibility } from '#src/api/poll.ts';

export { isHidden, pollFailure, visibility } from '#src/api/poll.ts';

export const liveConversationsPoller = conversationsPollerMachine.provide({
  actors: {
    visibility,
    poll: apiEffect(({ params, etag }, signal) => pollConversations(params.status, etag, signal), pollFailure),
  },
});

export const liveChatPoller = chatPollerMachine.provide({
  actors: {
    visibility,
    poll: apiEffect(
      ({ params, etag }, signal) => pollMessages(params.conversationid, params.limit, etag, signal),
      pollFailure,
    ),
  },
});

export const liveMessagesPanel = messagesPanelMachine.provide({
  actors: {
    markRead: apiEffect(({ conversationid }, signal) => markConversationRead(conversationid, signal)),
    loadPreview: apiEffect(({ conversationid }, signal) => getPreview(conversationid, signal)),
  },
});

export const liveChat = chatMachine.provide({
  actors: {
    // Not aborted when the dialog closes: a message on its way is still sent.
    sendMessage: apiEffect(({ conversationid, messageText }) => sendMessage(conversationid, messageText)),
    setActive: apiEffect(({ conversationid, isActive }) => setConversationActive(conversationid, isActive)),
  },
});
