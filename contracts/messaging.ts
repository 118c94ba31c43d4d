import * as v from 'valibot';
import { requiredMultiLineText } from './common.ts';

/** Spec §9: the chat shows the newest 50, previews the newest 5; a caller may ask for 1..100. */
export const CHAT_PAGE_SIZE = 50;
export const PREVIEW_SIZE = 5;
export const MESSAGES_MAX_LIMIT = 100;
export const MESSAGE_MAX_LENGTH = 2000;
/** Spec §9: polling intervals of the panel and the open chat. */
export const CONVERSATIONS_POLL_MS = 15_000;
export const CHAT_POLL_MS = 10_000;

/** Sending is limited per user (owner or customer): this many messages per window. */
export const SEND_LIMIT = { limit: 30, windowSeconds: 60 } as const;
export const sendLimitReached = (seconds: number) =>
  `You're sending messages too quickly. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

export const FOLLOW_TO_MESSAGE = 'Follow this business to send it a message.';

export const ConversationStatus = v.picklist(['active', 'archived'], 'status must be active or archived.');
export type ConversationStatus = v.InferOutput<typeof ConversationStatus>;

/** GET .../conversations?status=active|archived (spec §4: default 'active'). */
export const ConversationsQuery = v.object({ status: v.optional(ConversationStatus, 'active') });

/** GET .../messages?limit=N: the newest N, 1..100, default 50. */
export const MessagesQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${MESSAGES_MAX_LIMIT}.`),
      v.transform(Number),
      v.minValue(1, `limit must be a whole number from 1 to ${MESSAGES_MAX_LIMIT}.`),
      v.maxValue(MESSAGES_MAX_LIMIT, `limit must be a whole number from 1 to ${MESSAGES_MAX_LIMIT}.`),
    ),
    String(CHAT_PAGE_SIZE),
  ),
});

/** POST .../messages: the text, trimmed, non-empty, at most 2,000 characters; line breaks allowed. */
export const SendMessageRequest = v.object({ messageText: requiredMultiLineText('Message', MESSAGE_MAX_LENGTH) });
export type SendMessageRequest = v.InferInput<typeof SendMessageRequest>;

/** PUT .../conversations/{id}: archive (false) or reactivate (true). */
export const ConversationUpdate = v.object({
  // A missing key reads as "" and fails the boolean check with the field's own message (not the raw key).
  is_active: v.optional(v.boolean('Active must be true or false.'), '' as unknown as boolean),
});
export type ConversationUpdate = v.InferInput<typeof ConversationUpdate>;

/** Spec §3 Conversation. */
export const Conversation = v.object({
  conversationid: v.string(),
  firstname: v.nullable(v.string()),
  surname: v.nullable(v.string()),
  /** The customer's e-mail (owner side only), so two customers of one name can be told apart. */
  email: v.optional(v.nullable(v.string())),
  last_message: v.nullable(v.string()),
  last_message_at: v.nullable(v.string()),
  unread_count: v.number(),
  is_active: v.boolean(),
});
export type Conversation = v.InferOutput<typeof Conversation>;

/** Spec §3 Message. */
export const Message = v.object({
  messageid: v.string(),
  messagetext: v.string(),
  sendertype: v.picklist(['business', 'customer']),
  isread: v.boolean(),
  createdat: v.string(),
  /**
   * The owner API only (decision 026): the first name of the team member who wrote a business message
   * ("by {name}"); null for the customer's. Never in the customer API's answers.
   */
  sentby: v.optional(v.nullable(v.string())),
});
export type Message = v.InferOutput<typeof Message>;

/** Spec §7: "conversation list (may be wrapped in data)" and "list, possibly wrapped in a data field". */
const listOrWrapped = <S extends v.GenericSchema>(item: S) =>
  v.union([
    v.array(item),
    v.pipe(
      v.object({ data: v.array(item) }),
      v.transform((body) => body.data),
    ),
  ]);
export const ConversationList = listOrWrapped(Conversation);
export const MessageList = listOrWrapped(Message);

/** PUT .../read: how many customer messages it marked. */
export const ReadResult = v.object({ conversationid: v.string(), marked: v.number(), unread_count: v.number() });
export type ReadResult = v.InferOutput<typeof ReadResult>;

/** The customer API's view of a conversation: the business instead of the customer. */
export const CustomerConversation = v.object({
  conversationid: v.string(),
  businessid: v.string(),
  businessname: v.string(),
  last_message: v.nullable(v.string()),
  last_message_at: v.nullable(v.string()),
  unread_count: v.number(),
});
export type CustomerConversation = v.InferOutput<typeof CustomerConversation>;

/** POST /api/customer/businesses/{id}/messages answers the message and its conversation. */
export const CustomerSentMessage = v.object({ ...Message.entries, conversationid: v.string() });
export type CustomerSentMessage = v.InferOutput<typeof CustomerSentMessage>;
