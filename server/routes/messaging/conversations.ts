/**
 * The data side of messaging, shared by the owner routes and the customer API: writing a message (with
 * the conversation's list fields and both change counters in the same transaction), marking read,
 * reading the newest messages, the cheap version reads behind the polls' ETags, and the send limit.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { CONVERSATION_NOT_FOUND, type Message, SEND_LIMIT, sendLimitReached } from '#contracts/messaging.ts';
import type { Db } from '../../db/client.ts';
import { conversations, messages, messagingVersions } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A conversation id from the path: anything that is not a UUID is an unknown conversation (404). */
export const conversationIdParam = (value: string): string => {
  if (!UUID.test(value)) throw new HttpError(404, CONVERSATION_NOT_FOUND);
  return value.toLowerCase();
};

type MessageRow = {
  messageid: string;
  messagetext: string;
  senderType: 'business' | 'customer';
  isRead: boolean;
  createdAt: Date;
};
export const toMessage = (row: MessageRow): Message => ({
  messageid: row.messageid,
  messagetext: row.messagetext,
  sendertype: row.senderType,
  isread: row.isRead,
  createdat: row.createdAt.toISOString(),
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
export async function newestMessages(db: Db, conversationid: string, limit: number): Promise<Message[]> {
  const rows = await db
    .select({
      messageid: messages.messageid,
      messagetext: messages.messagetext,
      senderType: messages.senderType,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
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

/**
 * A strong ETag from what decides the answer: whose it is (the business or customer), what was asked
 * (status, limit) and the version. Hashed, so it names nobody and differs for every caller and query.
 */
export const etagOf = (...parts: Array<string | number>): string =>
  `"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;

/** True when the request's If-None-Match names this ETag (or `*`); weak forms compare equal (RFC 9110). */
export function matches(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** 304 with the ETag and no body: an idle poll costs its headers. */
export const notModified = (c: Context, etag: string) => c.body(null, 304, { ETag: etag });

/** One send counts against the sender's window; 429 with Retry-After beyond SEND_LIMIT. */
export async function limitSends(db: Db, userid: string, now: Date): Promise<void> {
  const result = await hitRateLimit(db, `message-send:${userid}`, { ...SEND_LIMIT, now });
  if (!result.allowed) {
    throw new HttpError(429, sendLimitReached(result.retryAfterSeconds), {
      'Retry-After': String(result.retryAfterSeconds),
    });
  }
}
