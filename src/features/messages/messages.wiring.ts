/** The real effects of messaging: the two pollers, the preview, the chat's read, send and archive calls. */
import { fromCallback, fromPromise } from 'xstate';
import type { Conversation, Message } from '#contracts/messaging.ts';
import { chatMachine } from '#machines/chat.machine.ts';
import { messagesPanelMachine } from '#machines/messages-panel.machine.ts';
import { chatPollerMachine, conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollerEvent, PollFailure } from '#machines/poller.machine.ts';
import type { PollError } from '#src/api/client.ts';
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
    poll: fromPromise(async ({ input, signal }) => {
      try {
        return await pollConversations(input.params.status, input.etag, signal);
      } catch (error) {
        throw pollFailure(error);
      }
    }),
  },
});

export const liveChatPoller = chatPollerMachine.provide({
  actors: {
    visibility,
    poll: fromPromise(async ({ input, signal }) => {
      try {
        return await pollMessages(input.params.conversationid, input.params.limit, input.etag, signal);
      } catch (error) {
        throw pollFailure(error);
      }
    }),
  },
});

const markRead = fromPromise<unknown, { conversationid: string }>(async ({ input, signal }) => {
  try {
    return await markConversationRead(input.conversationid, signal);
  } catch (error) {
    throw toFailure(error);
  }
});

export const liveMessagesPanel = messagesPanelMachine.provide({
  actors: {
    markRead,
    loadPreview: fromPromise<Message[], { conversationid: string }>(async ({ input, signal }) => {
      try {
        return await getPreview(input.conversationid, signal);
      } catch (error) {
        throw toFailure(error);
      }
    }),
  },
});

export const liveChat = chatMachine.provide({
  actors: {
    // Not aborted when the dialog closes: a message on its way is still sent.
    sendMessage: fromPromise<Message, { conversationid: string; messageText: string }>(async ({ input }) => {
      try {
        return await sendMessage(input.conversationid, input.messageText);
      } catch (error) {
        throw toFailure(error);
      }
    }),
    setActive: fromPromise<Conversation, { conversationid: string; isActive: boolean }>(async ({ input }) => {
      try {
        return await setConversationActive(input.conversationid, input.isActive);
      } catch (error) {
        throw toFailure(error);
      }
    }),
  },
});
