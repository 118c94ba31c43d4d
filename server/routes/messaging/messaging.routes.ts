import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ConversationsQuery,
  ConversationUpdate,
  MessagesQuery,
  type ReadResult,
  SendMessageRequest,
} from '#contracts/messaging.ts';
import { conversations, users } from '../../db/schema.ts';
import { etagOf, matches, notModified } from '../../lib/etag.ts';
import { idParam, notFound } from '../../lib/ids.ts';
import { createRouter } from '../../lib/router.ts';
import { type BusinessScope, businessScope, byBusiness } from '../../lib/scope.ts';
import { check, readJson } from '../../lib/validate.ts';
import type { AppDeps } from '../../types.ts';
import {
  bumpBusiness,
  businessVersion,
  limitSends,
  listFields,
  markRead,
  newestMessages,
  toConversation,
  writeMessage,
} from './messaging.queries.ts';

/**
 * The owner's conversations with customers (spec §2 Messages panel and Chat dialog, §7 calls), at
 * /api/messaging/business. The two polled GETs answer a strong ETag and 304 when nothing changed,
 * decided from a version read alone (docs/decisions/012-messaging-polls-and-etags.md).
 */
export function messagingRoutes({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const app = createRouter('owner');
  const listOf = db
    .select(listFields)
    .from(conversations)
    .innerJoin(users, eq(users.userid, conversations.customerid))
    .where(and(byBusiness(conversations), eq(conversations.isActive, sql.placeholder('active'))))
    .orderBy(
      desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
      desc(conversations.conversationid),
    )
    .prepare('messaging_conversations');
  const versionOf = db
    .select({ version: conversations.version })
    .from(conversations)
    .where(and(byBusiness(conversations), eq(conversations.conversationid, sql.placeholder('id'))))
    .prepare('messaging_conversation_version');

  /** The caller's conversation and its version; another business's id is 404 like an unknown one. */
  const own = async (mine: BusinessScope, id: string) => {
    const [row] = await versionOf.execute({ ...mine, id });
    if (!row) throw notFound('conversation');
    return { conversationid: id, businessid: mine.businessid, version: row.version };
  };

  app.get('/conversations', async (c) => {
    const mine = businessScope(c);
    const { status } = check(ConversationsQuery, { status: c.req.query('status') });
    // The version is read BEFORE the list: a change landing in between makes the next poll a 200 again,
    // never an ETag newer than the list it came with.
    // The guard reads the version with the session (decision 029); its own statement where it did not.
    const version = c.get('owner').messagingVersion ?? (await businessVersion(db, mine.businessid));
    const etag = etagOf('conversations', mine.businessid, status, version);
    if (matches(c, etag)) return notModified(c, etag);
    const rows = await listOf.execute({ ...mine, active: status === 'active' });
    return c.json(rows.map(toConversation), 200, { ETag: etag });
  });

  app.get('/conversations/:id/messages', async (c) => {
    const mine = businessScope(c);
    const { limit } = check(MessagesQuery, { limit: c.req.query('limit') });
    const conversation = await own(mine, idParam(c, 'id', 'conversation'));
    const etag = etagOf('messages', conversation.conversationid, limit, conversation.version);
    if (matches(c, etag)) return notModified(c, etag);
    return c.json(await newestMessages(db, conversation.conversationid, limit, { sentBy: true }), 200, {
      ETag: etag,
    });
  });

  app.post('/conversations/:id/messages', async (c) => {
    const mine = businessScope(c);
    const { userid } = c.get('owner');
    const conversation = await own(mine, idParam(c, 'id', 'conversation'));
    const { messageText } = await readJson(c, SendMessageRequest);
    await limitSends(db, userid, clock());
    const message = await db.transaction(async (tx) => {
      const written = await writeMessage(tx, {
        ...conversation,
        sender: 'business',
        userid,
        text: messageText,
        now: clock(),
      });
      // "by {name}" (decision 026): the writer's first name, as the list shows it.
      const [sender] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.userid, userid));
      return { ...written, sentby: sender?.firstname?.trim() || null };
    });
    return c.json(message, 201);
  });

  app.put('/conversations/:id/read', async (c) => {
    const mine = businessScope(c);
    const conversation = await own(mine, idParam(c, 'id', 'conversation'));
    const marked = await markRead(db, conversation, 'business');
    return c.json({ conversationid: conversation.conversationid, marked, unread_count: 0 } satisfies ReadResult);
  });

  app.put('/conversations/:id', async (c) => {
    const mine = businessScope(c);
    const conversation = await own(mine, idParam(c, 'id', 'conversation'));
    const { is_active } = await readJson(c, ConversationUpdate);
    await db.transaction(async (tx) => {
      const changed = await tx
        .update(conversations)
        .set({ isActive: is_active, version: sql`${conversations.version} + 1` })
        .where(
          and(
            mine.where(conversations),
            eq(conversations.conversationid, conversation.conversationid),
            eq(conversations.isActive, !is_active),
          ),
        )
        .returning({ id: conversations.conversationid });
      if (changed.length > 0) await bumpBusiness(tx, mine.businessid);
    });
    const [row] = await db
      .select(listFields)
      .from(conversations)
      .innerJoin(users, eq(users.userid, conversations.customerid))
      .where(and(mine.where(conversations), eq(conversations.conversationid, conversation.conversationid)));
    if (!row) throw notFound('conversation');
    return c.json(toConversation(row));
  });
  return app;
}
