import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type CustomerConversation,
  type CustomerSentMessage,
  FOLLOW_TO_MESSAGE,
  MessagesQuery,
  type ReadResult,
  SendMessageRequest,
} from '#contracts/messaging.ts';
import { businesses, conversations, followers } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import { etagOf, matches, notModified } from '../../lib/etag.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { type CustomerScope, customerScope } from '../../lib/scope.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import { limitSends, markRead, newestMessages, writeMessage } from './messaging.queries.ts';

/**
 * The customer API's side of messaging, mounted at /api/customer: a customer writes to a business they
 * follow (the first message starts the conversation), lists their conversations and reads one.
 */
export function customerMessagingRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('customer');

  /** The caller's own conversation; anyone else's is 404 like an unknown id. */
  const own = async (mine: CustomerScope, id: string) => {
    const [row] = await db
      .select({ businessid: conversations.businessid, version: conversations.version })
      .from(conversations)
      .where(and(mine.where(conversations), eq(conversations.conversationid, id)));
    if (!row) throw notFound('conversation');
    return { conversationid: id, ...row };
  };

  app.post('/businesses/:businessid/messages', async (c) => {
    const mine = customerScope(c);
    const businessid = idParam(c, 'businessid', 'business');
    const { messageText } = await readJson(c, SendMessageRequest);
    const [business] = await db
      .select({ following: followers.customerid })
      .from(businesses)
      .leftJoin(followers, and(eq(followers.businessid, businesses.businessid), mine.where(followers)))
      .where(eq(businesses.businessid, businessid));
    if (!business) throw notFound('business');
    if (!business.following) throw new HttpError(403, FOLLOW_TO_MESSAGE);
    await limitSends(db, mine.customerid, clock());
    const { message, conversationid, created } = await db.transaction(async (tx) => {
      // One conversation per business and customer, also when the first two messages race.
      const inserted = await tx
        .insert(conversations)
        .values({ conversationid: newId(), businessid, customerid: mine.customerid, createdAt: clock() })
        .onConflictDoNothing()
        .returning({ conversationid: conversations.conversationid });
      const [existing] = inserted.length
        ? inserted
        : await tx
            .select({ conversationid: conversations.conversationid })
            .from(conversations)
            .where(and(mine.where(conversations), eq(conversations.businessid, businessid)));
      const conversationid = existing!.conversationid;
      const message = await writeMessage(tx, {
        conversationid,
        businessid,
        sender: 'customer',
        userid: mine.customerid,
        text: messageText,
        now: clock(),
      });
      return { message, conversationid, created: inserted.length > 0 };
    });
    const body: CustomerSentMessage = { ...message, conversationid };
    return c.json(body, created ? 201 : 200);
  });

  app.get('/conversations', async (c) => {
    const mine = customerScope(c);
    const rows = await db
      .select({
        conversationid: conversations.conversationid,
        businessid: conversations.businessid,
        businessname: businesses.businessname,
        lastMessage: conversations.lastMessage,
        lastMessageAt: conversations.lastMessageAt,
        unreadCount: conversations.customerUnreadCount,
      })
      .from(conversations)
      .innerJoin(businesses, eq(businesses.businessid, conversations.businessid))
      .where(mine.where(conversations))
      .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`));
    const body: CustomerConversation[] = rows.map((row) => ({
      conversationid: row.conversationid,
      businessid: row.businessid,
      businessname: row.businessname,
      last_message: row.lastMessage,
      last_message_at: row.lastMessageAt?.toISOString() ?? null,
      unread_count: row.unreadCount,
    }));
    return c.json(body);
  });

  app.get('/conversations/:id/messages', async (c) => {
    const mine = customerScope(c);
    const { limit } = check(MessagesQuery, { limit: c.req.query('limit') });
    const conversation = await own(mine, idParam(c, 'id', 'conversation'));
    const etag = etagOf('customer-messages', conversation.conversationid, limit, conversation.version);
    if (matches(c, etag)) return notModified(c, etag);
    return c.json(await newestMessages(db, conversation.conversationid, limit), 200, { ETag: etag });
  });

  app.put('/conversations/:id/read', async (c) => {
    const mine = customerScope(c);
    const conversation = await own(mine, idParam(c, 'id', 'conversation'));
    const marked = await markRead(db, conversation, 'customer');
    return c.json({ conversationid: conversation.conversationid, marked, unread_count: 0 } satisfies ReadResult);
  });
  return app;
}
