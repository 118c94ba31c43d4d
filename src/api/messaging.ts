import {
  Conversation,
  ConversationList,
  type ConversationStatus,
  Message,
  MessageList,
  PREVIEW_SIZE,
  ReadResult,
} from '#contracts/messaging.ts';
import { api, conditionalGet } from './client.ts';

const BASE = '/api/messaging/business/conversations';
const one = (conversationid: string) => `${BASE}/${encodeURIComponent(conversationid)}`;

/** Polled every 15 s with the last ETag (spec §7, §9). */
export const pollConversations = (status: ConversationStatus, etag: string | null, signal?: AbortSignal) =>
  conditionalGet(BASE, ConversationList, { etag, query: { status }, signal });

/** Polled every 10 s with limit=50 by an open chat. */
export const pollMessages = (conversationid: string, limit: number, etag: string | null, signal?: AbortSignal) =>
  conditionalGet(`${one(conversationid)}/messages`, MessageList, { etag, query: { limit }, signal });

/** The newest 5, for the panel's preview. */
export const getPreview = (conversationid: string, signal?: AbortSignal) =>
  api.get(`${one(conversationid)}/messages`, MessageList, { query: { limit: PREVIEW_SIZE }, signal });

export const sendMessage = (conversationid: string, messageText: string, signal?: AbortSignal) =>
  api.post(`${one(conversationid)}/messages`, Message, { messageText }, { signal });

export const markConversationRead = (conversationid: string, signal?: AbortSignal) =>
  api.put(`${one(conversationid)}/read`, ReadResult, undefined, { signal });

export const setConversationActive = (conversationid: string, isActive: boolean, signal?: AbortSignal) =>
  api.put(one(conversationid), Conversation, { is_active: isActive }, { signal });
