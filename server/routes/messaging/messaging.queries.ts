/**
 * The data side of messaging, shared by the owner routes, the customer API and the benchmarks (scripts/
 * may import `*.queries.ts` files, never a routes file): the conversation list's fields, writing a
 * message (with the conversation's list fields and both change counters in the same transaction),
 * marking read, reading the newest messages, the cheap version reads behind the polls' ETags, and the
 * send limit.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Conversation, type Message, SEND_LIMIT, sendLimitReached } from '#contracts/messaging.ts';
import type { Db } from '../../db/client.ts';
import { conversations, messages, messagingVersions, users } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { firstNameOf } from '../team/team.queries.ts';

/** A conversation as the owner's list shows it (join users on the customer). */
export const listFields = {
  conversationid: conversations.conversationid,
  firstname: users.firstname,
  surname: users.lastname,
  email: users.email,
  lastMessage: conversations.lastMessage,
  lastMessageAt: conversations.lastMessageAt,
  unreadCount: conversations.unreadCount,
  isActive: conversations.isActive,
};
type ListRow = {
  conversationid: string;
  firstname: string | null;
  surname: string | null;
  email: string;
  lastMessage: string | null;
  lastMessageAt: Date | null;
  unreadCount: number;
  isActive: boolean;
};
export const toConversation = (row: ListRow): Conversation => ({
  conversationid: row.conversationid,
  firstname: row.firstname,
  surname: row.surname,
  email: row.email,
  last_message: row.lastMessage,
  last_message_at: row.lastMessageAt?.toISOString() ?? null,
  unread_count: row.unreadCount,
  is_active: row.isActive,
});

type MessageRow = {
  messageid: string;
  messagetext: string;
  senderType: 'business' | 'customer';
  isRead: boolean;
  createdAt: Date;
  /** Present for the owner API only. */
  sentby?: string | null;
};
export const toMessage = (row: MessageRow): Message => ({
  messageid: row.messageid,
  messagetext: row.messagetext,
  sendertype: row.senderType,
  isread: row.isRead,
  createdat: row.createdAt.toISOString(),
  ...(row.sentby !== undefined ? { sentby: row.sentby } : {}),
});

/** Bumps the business's messaging counter (inside the caller's transaction): every list ETag changes. */
export async function bumpBusiness(tx: Db, businessid: string): Promise<void> {
  await tx
    .insert(messagingVersions)
    .values({ businessid, version: 1 })
    .onConflictDoUpdate({
      target: messagingVersions.businessid,
      set: { version: sql`${messagingVersions.version} + 1` },
    });
}

/**
 * Writes one message and updates its conversation in one transaction: last message, its time, the
 * other side's unread count, the conversation's version; a customer's message reactivates an archived
 * conversation. The conversation row's UPDATE takes its lock, so concurrent sends count exactly.
 */
export async function writeMessage(
  tx: Db,
  input: {
    conversationid: string;
    businessid: string;
    sender: 'business' | 'customer';
    userid: string;
    text: string;
    now: Date;
  },
): Promise<Message> {
  const fromCustomer = input.sender === 'customer';
  await tx
    .update(conversations)
    .set({
      lastMessage: input.text,
      lastMessageAt: input.now,
      version: sql`${conversations.version} + 1`,
      ...(fromCustomer
        ? { unreadCount: sql`${conversations.unreadCount} + 1`, isActive: true }
        : { customerUnreadCount: sql`${conversations.customerUnreadCount} + 1` }),
    })
    .where(eq(conversations.conversationid, input.conversationid));
  const [row] = await tx
    .insert(messages)
    .values({
      messageid: newId(),
      conversationid: input.conversationid,
      businessid: input.businessid,
      senderType: input.sender,
      senderUserid: input.userid,
      messagetext: input.text,
      createdAt: input.now,
    })
    .returning();
  await bumpBusiness(tx, input.businessid);
  return toMessage(row!);
}

/** Marks the messages of one side read; answers how many changed. Bumps the versions only when some did. */
export async function markRead(
  db: Db,
  conversation: { conversationid: string; businessid: string },
  readerIs: 'business' | 'customer',
): Promise<number> {
  const senderOfUnread = readerIs === 'business' ? 'customer' : 'business';
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(messages)
      .set({ isRead: true })
      .where(
        and(
          eq(messages.conversationid, conversation.conversationid),
          eq(messages.senderType, senderOfUnread),
          eq(messages.isRead, false),
        ),
      )
      .returning({ messageid: messages.messageid });
    if (marked.length === 0) return 0;
    await tx
      .update(conversations)
      .set({
        version: sql`${conversations.version} + 1`,
        ...(readerIs === 'business' ? { unreadCount: 0 } : { customerUnreadCount: 0 }),
      })
      .where(eq(conversations.conversationid, conversation.conversationid));
    await bumpBusiness(tx, conversation.businessid);
    return marked.length;
  });
}

/** The newest `limit` messages, answered oldest first (spec §7: the chat reads from the top). */
export async function newestMessages(
  db: Db,
  conversationid: string,
  limit: number,
  /** The owner API: each business message says which team member wrote it (decision 026). */
  options: { sentBy?: boolean } = {},
): Promise<Message[]> {
  const rows = await db
    .select({
      messageid: messages.messageid,
      messagetext: messages.messagetext,
      senderType: messages.senderType,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
      ...(options.sentBy
        ? {
            sentby: sql<
              string | null
            >`case when ${messages.senderType} = 'business' then ${firstNameOf(messages.senderUserid)} end`,
          }
        : {}),
    })
    .from(messages)
    .where(eq(messages.conversationid, conversationid))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(limit);
  return rows.reverse().map(toMessage);
}

/** The business's messaging counter: one primary-key read, 0 before anything happened. */
export async function businessVersion(db: Db, businessid: string): Promise<number> {
  const [row] = await db
    .select({ version: messagingVersions.version })
    .from(messagingVersions)
    .where(eq(messagingVersions.businessid, businessid));
  return row?.version ?? 0;
}

/** One send counts against the sender's window; 429 with Retry-After beyond SEND_LIMIT. */
export async function limitSends(db: Db, userid: string, now: Date): Promise<void> {
  const result = await hitRateLimit(db, `message-send:${userid}`, { ...SEND_LIMIT, now });
  if (!result.allowed) {
    throw new HttpError(429, sendLimitReached(result.retryAfterSeconds), {
      'Retry-After': String(result.retryAfterSeconds),
    });
  }
}
