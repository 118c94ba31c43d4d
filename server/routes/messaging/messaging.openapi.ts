import {
  Conversation,
  ConversationList,
  ConversationsQuery,
  ConversationUpdate,
  Message,
  MessageList,
  MessagesQuery,
  ReadResult,
  SendMessageRequest,
} from '#contracts/messaging.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Messages'];
const id = { id: 'The conversation id (a UUID).' };

/** messaging.routes.ts: the owner's side of conversations. */
export const messagingApi = describeRoutes('owner', {
  'GET /api/messaging/business/conversations': {
    role: 'staff',
    summary: 'Conversations, active or archived (ETag; 304 when unchanged)',
    tags,
    query: ConversationsQuery,
    queryExample: { status: 'active' },
    ok: { 200: ConversationList, 304: null },
  },
  'GET /api/messaging/business/conversations/:id/messages': {
    role: 'staff',
    summary: 'The newest messages of a conversation (ETag; 304 when unchanged)',
    tags,
    params: id,
    query: MessagesQuery,
    queryExample: { limit: '50' },
    ok: { 200: MessageList, 304: null },
  },
  'POST /api/messaging/business/conversations/:id/messages': {
    role: 'staff',
    summary: 'Answer a customer',
    tags,
    params: id,
    body: { schema: SendMessageRequest, example: { messageText: 'Yes, see you at eight!' } },
    ok: { 201: Message },
    errors: [429],
  },
  'PUT /api/messaging/business/conversations/:id/read': {
    role: 'staff',
    summary: "Mark the customer's messages read",
    tags,
    params: id,
    ok: { 200: ReadResult },
  },
  'PUT /api/messaging/business/conversations/:id': {
    role: 'staff',
    summary: 'Archive (is_active false) or reactivate a conversation',
    tags,
    params: id,
    body: { schema: ConversationUpdate, example: { is_active: false } },
    ok: { 200: Conversation },
  },
});
