/** The real effects of messaging: the two pollers, the preview, the chat's read, send and archive calls. */
import { fromCallback } from 'xstate';
import { chatMachine } from '#machines/chat.machine.ts';
import { messagesPanelMachine } from '#machines/messages-panel.machine.ts';
import { chatPollerMachine, conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollerEvent, PollFailure } from '#machines/poller.machine.ts';
import type { PollError } from '#src/api/client.ts';
import { apiEffect } from '#src/api/effect.ts';
import { ApiError, toFailure } from '#src/api/errors.ts';
import {
  getPreview,
  markConversationRead,
  pollConversations,
  pollMessages,
  sendMessage,
  setConversationActive,
} from '#src/api/messaging.ts';

/** Spec §8: a failed conversations load stores "HTTP {status}: {statusText}"; no answer at all keeps the network text. */
export function pollFailure(error: unknown): PollFailure {
  const failed = error as PollError;
  if (failed instanceof ApiError && failed.kind === 'http' && failed.status) {
    return {
      message: `HTTP ${failed.status}: ${failed.statusText ?? ''}`.trim(),
      status: failed.status,
      ...(failed.retryAfter === undefined ? {} : { retryAfter: failed.retryAfter }),
    };
  }
  return toFailure(error);
}

/** The tab's visibility, as the pollers hear it (document.visibilityState and its change event). */
export const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
export const visibility = fromCallback(({ sendBack }) => {
  const onChange = () => {
    const event: PollerEvent = { type: isHidden() ? 'visibility.hidden' : 'visibility.visible' };
    sendBack(event);
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});

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
