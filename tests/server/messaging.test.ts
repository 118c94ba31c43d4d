import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND } from '../../contracts/common.ts';
import { type Conversation, FOLLOW_TO_MESSAGE, type Message, SEND_LIMIT } from '../../contracts/messaging.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { follow } from './support/customers.ts';
import { type SignedInCustomer, signedInCustomer, signedInOwner } from './support/signed-in.ts';

const clock = testClock();
const BASE = '/api/messaging/business';
let server: TestServer;
let cafe: { businessid: string; token: string };
let barber: { businessid: string; token: string };
let ada: SignedInCustomer;
let ben: SignedInCustomer;
let cy: SignedInCustomer;

/** The customer writes to a business through the customer API. */
const write = (customer: SignedInCustomer, businessid: string, messageText: unknown) =>
  server.api('POST', `/api/customer/businesses/${businessid}/messages`, {
    token: customer.accessToken,
    body: { messageText },
  });
const asOwner = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  server.api(method, `${BASE}${path}`, { token, body, headers });
const list = async (token: string, status?: string) =>
  (await (await asOwner(token, 'GET', `/conversations${status ? `?status=${status}` : ''}`)).json()) as Conversation[];
const messagesOf = async (token: string, id: string, limit = 50) =>
  (await (await asOwner(token, 'GET', `/conversations/${id}/messages?limit=${limit}`)).json()) as Message[];

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' }, clock: clock.clock });
  cafe = await signedInOwner(server, { email: 'cafe@example.com', businessName: 'Corner Cafe' });
  barber = await signedInOwner(server, { email: 'barber@example.com', businessName: 'Bravo Barber' });
  ada = await signedInCustomer(server, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  ben = await signedInCustomer(server, { email: 'ben@example.com', firstName: 'Ben', lastName: 'Okafor' });
  cy = await signedInCustomer(server, { email: 'cy@example.com', firstName: 'Cy', lastName: 'Nguyen' });
  for (const customer of [ada, ben, cy]) expect((await follow(server, customer, cafe.businessid)).status).toBe(201);
  expect((await follow(server, ada, barber.businessid)).status).toBe(201);
});
afterAll(() => server?.stop());

describe('a customer writes to a business', () => {
  it('starts one conversation with the first message and continues it; the owner sees names, unread count and the last message', async () => {
    const first = await write(ada, cafe.businessid, '  Do you have oat milk?  ');
    expect(first.status).toBe(201);
    const sent = await first.json();
    expect(sent).toMatchObject({ messagetext: 'Do you have oat milk?', sendertype: 'customer', isread: false });
    clock.advance(1000);
    const second = await write(ada, cafe.businessid, 'And is the terrace open?');
    expect(second.status).toBe(200);
    expect((await second.json()).conversationid).toBe(sent.conversationid);

    const [conversation] = await list(cafe.token);
    expect(conversation).toEqual({
      conversationid: sent.conversationid,
      firstname: 'Ada',
      surname: 'Lovelace',
      // The customer's e-mail tells two customers of one name apart (issue 26).
      email: 'ada@example.com',
      last_message: 'And is the terrace open?',
      last_message_at: expect.any(String),
      unread_count: 2,
      is_active: true,
    });
  });

  it('lists conversations newest activity first', async () => {
    clock.advance(1000);
    expect((await write(ben, cafe.businessid, 'Table for two at 7?')).status).toBe(201);
    expect((await list(cafe.token)).map((c) => c.firstname)).toEqual(['Ben', 'Ada']);
    clock.advance(1000);
    await write(ada, cafe.businessid, 'Thanks!');
    expect((await list(cafe.token)).map((c) => c.firstname)).toEqual(['Ada', 'Ben']);
  });

  it('only to a business they follow, and an unknown business is 404', async () => {
    const refused = await write(ben, barber.businessid, 'Hello?');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: FOLLOW_TO_MESSAGE });
    const unknown = await write(ben, '00000000-0000-4000-8000-000000000000', 'Hello?');
    expect(unknown.status).toBe(404);
    expect((await write(ben, 'not-a-uuid', 'Hello?')).status).toBe(404);
  });

  it('refuses an empty, blank, missing, too long or non-text message, naming the field', async () => {
    for (const bad of ['', '   \n\t ', undefined, 'x'.repeat(2001), 42, 'bell\u0007']) {
      const res = await write(ada, cafe.businessid, bad);
      expect(res.status, String(bad)).toBe(400);
      expect((await res.json()).message).toMatch(/^Message /);
    }
    const owners = await asOwner(
      cafe.token,
      'POST',
      `/conversations/${(await list(cafe.token))[0]!.conversationid}/messages`,
      {
        messageText: ' ',
      },
    );
    expect(await owners.json()).toEqual({ message: 'Message is required.' });
    expect((await write(ada, cafe.businessid, 'x'.repeat(2000))).status).toBe(200);
  });
});

describe('the owner reads and answers', () => {
  it('returns the newest N messages oldest first, 50 by default, limit 1..100', async () => {
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Ben')!.conversationid;
    for (let i = 1; i <= 6; i++) {
      clock.advance(10);
      expect(
        (await asOwner(cafe.token, 'POST', `/conversations/${id}/messages`, { messageText: `Reply ${i}` })).status,
      ).toBe(201);
    }
    const newest = await messagesOf(cafe.token, id, 3);
    expect(newest.map((m) => m.messagetext)).toEqual(['Reply 4', 'Reply 5', 'Reply 6']);
    expect(newest.every((m) => m.sendertype === 'business')).toBe(true);
    const all = (await (await asOwner(cafe.token, 'GET', `/conversations/${id}/messages`)).json()) as Message[];
    expect(all.map((m) => m.messagetext)).toEqual([
      'Table for two at 7?',
      ...[1, 2, 3, 4, 5, 6].map((i) => `Reply ${i}`),
    ]);
    for (const limit of ['0', '101', 'abc', '-1', '2.5']) {
      const res = await asOwner(cafe.token, 'GET', `/conversations/${id}/messages?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(await res.json()).toEqual({ message: 'limit must be a whole number from 1 to 100.' });
    }
  });

  it('keeps line breaks of a multi-line message, CRLF taken as one', async () => {
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Ben')!.conversationid;
    // CRLF, as Windows browsers and apps send it, is the same line break.
    const res = await asOwner(cafe.token, 'POST', `/conversations/${id}/messages`, {
      messageText: 'Line one\r\nLine two',
    });
    expect((await res.json()).messagetext).toBe('Line one\nLine two');
  });

  it('marks the customer messages read: the unread count drops to 0 and the customer sees them read', async () => {
    const conversation = (await list(cafe.token)).find((c) => c.firstname === 'Ada')!;
    expect(conversation.unread_count).toBe(4);
    const res = await asOwner(cafe.token, 'PUT', `/conversations/${conversation.conversationid}/read`);
    expect(await res.json()).toEqual({ conversationid: conversation.conversationid, marked: 4, unread_count: 0 });
    expect((await list(cafe.token)).find((c) => c.firstname === 'Ada')!.unread_count).toBe(0);
    const seen = await server.api('GET', `/api/customer/conversations/${conversation.conversationid}/messages`, {
      token: ada.accessToken,
    });
    expect(((await seen.json()) as Message[]).every((m) => m.isread)).toBe(true);
    // Reading again changes nothing.
    expect(
      (await (await asOwner(cafe.token, 'PUT', `/conversations/${conversation.conversationid}/read`)).json()).marked,
    ).toBe(0);
  });

  it('shows the customer the business replies, unread until they read them', async () => {
    const mine = (await (
      await server.api('GET', '/api/customer/conversations', { token: ben.accessToken })
    ).json()) as Array<{
      conversationid: string;
      businessname: string;
      unread_count: number;
      last_message: string;
    }>;
    expect(mine).toEqual([
      expect.objectContaining({ businessname: 'Corner Cafe', unread_count: 7, last_message: 'Line one\nLine two' }),
    ]);
    const read = await server.api('PUT', `/api/customer/conversations/${mine[0]!.conversationid}/read`, {
      token: ben.accessToken,
    });
    expect((await read.json()).marked).toBe(7);
    const owners = await messagesOf(cafe.token, mine[0]!.conversationid, 2);
    expect(owners.every((m) => m.isread)).toBe(true);
  });

  it('archives and reactivates; a new customer message reactivates an archived conversation', async () => {
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Ada')!.conversationid;
    const archived = await asOwner(cafe.token, 'PUT', `/conversations/${id}`, { is_active: false });
    expect(await archived.json()).toMatchObject({ conversationid: id, is_active: false });
    expect((await list(cafe.token)).map((c) => c.conversationid)).not.toContain(id);
    expect((await list(cafe.token, 'archived')).map((c) => c.conversationid)).toEqual([id]);

    const back = await asOwner(cafe.token, 'PUT', `/conversations/${id}`, { is_active: true });
    expect((await back.json()).is_active).toBe(true);
    await asOwner(cafe.token, 'PUT', `/conversations/${id}`, { is_active: false });
    await write(ada, cafe.businessid, 'Are you open tomorrow?');
    expect((await list(cafe.token, 'archived')).map((c) => c.conversationid)).toEqual([]);
    expect((await list(cafe.token)).find((c) => c.conversationid === id)).toMatchObject({
      is_active: true,
      unread_count: 1,
    });

    const bad = await asOwner(cafe.token, 'PUT', `/conversations/${id}`, { is_active: 'no' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Active must be true or false.' });
    const badStatus = await asOwner(cafe.token, 'GET', '/conversations?status=deleted');
    expect(await badStatus.json()).toEqual({ message: 'status must be active or archived.' });
  });
});

describe('polls cost a few bytes when nothing changed', () => {
  it('answers the conversations list with a strong ETag and 304 until something changes', async () => {
    const first = await asOwner(cafe.token, 'GET', '/conversations');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await first.arrayBuffer();
    const idle = await asOwner(cafe.token, 'GET', '/conversations', undefined, { 'if-none-match': etag });
    expect(idle.status).toBe(304);
    expect(idle.headers.get('etag')).toBe(etag);
    expect(await idle.text()).toBe('');
    // The archived list and the other business's list are other answers with other tags.
    const archived = await asOwner(cafe.token, 'GET', '/conversations?status=archived', undefined, {
      'if-none-match': etag,
    });
    expect(archived.status).toBe(200);
    const other = await asOwner(barber.token, 'GET', '/conversations', undefined, { 'if-none-match': etag });
    expect(other.status).toBe(200);

    // A customer message, a reply, a read and an archive each make the next poll a 200 with a new tag.
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Cy')?.conversationid;
    expect(id).toBeUndefined();
    let tag = etag;
    let cyId = '';
    const changes: Array<() => Promise<Response>> = [
      async () => {
        clock.advance(1000);
        const res = await write(cy, cafe.businessid, 'Hi there');
        cyId = (await res.clone().json()).conversationid;
        return res;
      },
      () => asOwner(cafe.token, 'PUT', `/conversations/${cyId}/read`),
      () => asOwner(cafe.token, 'POST', `/conversations/${cyId}/messages`, { messageText: 'Hello Cy' }),
      () => asOwner(cafe.token, 'PUT', `/conversations/${cyId}`, { is_active: false }),
    ];
    for (const change of changes) {
      expect((await change()).status).toBeLessThan(300);
      const next = await asOwner(cafe.token, 'GET', '/conversations', undefined, { 'if-none-match': tag });
      expect(next.status).toBe(200);
      const nextTag = next.headers.get('etag')!;
      expect(nextTag).not.toBe(tag);
      tag = nextTag;
      expect((await asOwner(cafe.token, 'GET', '/conversations', undefined, { 'if-none-match': tag })).status).toBe(
        304,
      );
    }
    // A read with nothing unread changes nothing, so the poll stays 304.
    await asOwner(cafe.token, 'PUT', `/conversations/${cyId}/read`);
    expect((await asOwner(cafe.token, 'GET', '/conversations', undefined, { 'if-none-match': tag })).status).toBe(304);
  });

  it('answers a chat poll 304 until the conversation changes; another limit is another answer', async () => {
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Ben')!.conversationid;
    const first = await asOwner(cafe.token, 'GET', `/conversations/${id}/messages?limit=50`);
    const etag = first.headers.get('etag')!;
    const idle = await asOwner(cafe.token, 'GET', `/conversations/${id}/messages?limit=50`, undefined, {
      'if-none-match': etag,
    });
    expect(idle.status).toBe(304);
    const preview = await asOwner(cafe.token, 'GET', `/conversations/${id}/messages?limit=5`, undefined, {
      'if-none-match': etag,
    });
    expect(preview.status).toBe(200);
    await write(ben, cafe.businessid, 'See you at 7');
    const changed = await asOwner(cafe.token, 'GET', `/conversations/${id}/messages?limit=50`, undefined, {
      'if-none-match': etag,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Message[]).at(-1)!.messagetext).toBe('See you at 7');
    // Another conversation's change leaves this chat's tag alone.
    const tag = changed.headers.get('etag')!;
    await write(ada, cafe.businessid, 'One more thing');
    expect(
      (await asOwner(cafe.token, 'GET', `/conversations/${id}/messages?limit=50`, undefined, { 'if-none-match': tag }))
        .status,
    ).toBe(304);
  });
});

describe('nobody reaches another business or customer', () => {
  it("answers another business's conversation 404, exactly like an unknown one, and changes nothing", async () => {
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Ben')!.conversationid;
    const before = await messagesOf(cafe.token, id, 100);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const target of [id, unknown, 'nope']) {
      for (const [method, path, body] of [
        ['GET', `/conversations/${target}/messages`],
        ['POST', `/conversations/${target}/messages`, { messageText: 'Taken over' }],
        ['PUT', `/conversations/${target}/read`],
        ['PUT', `/conversations/${target}`, { is_active: false }],
      ] as const) {
        const res = await asOwner(barber.token, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual({ message: NOT_FOUND.conversation });
      }
    }
    expect(await messagesOf(cafe.token, id, 100)).toEqual(before);
    expect((await list(barber.token)).map((c) => c.firstname)).toEqual([]);
  });

  it("answers another customer's conversation 404 and lists only their own", async () => {
    const bens = (await list(cafe.token)).find((c) => c.firstname === 'Ben')!.conversationid;
    for (const [method, path] of [
      ['GET', `/api/customer/conversations/${bens}/messages`],
      ['PUT', `/api/customer/conversations/${bens}/read`],
    ] as const) {
      const res = await server.api(method, path, { token: ada.accessToken });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: NOT_FOUND.conversation });
    }
    const adas = (await (
      await server.api('GET', '/api/customer/conversations', { token: ada.accessToken })
    ).json()) as Array<{
      conversationid: string;
    }>;
    expect(adas.map((c) => c.conversationid)).not.toContain(bens);
  });

  it('keeps owners and customers on their own side of the API', async () => {
    expect((await server.api('GET', '/api/customer/conversations', { token: cafe.token })).status).toBe(403);
    expect((await server.api('GET', `${BASE}/conversations`, { token: ada.accessToken })).status).toBe(403);
    expect((await server.api('GET', `${BASE}/conversations`)).status).toBe(401);
  });
});

describe('sending is limited per user', () => {
  it(`answers 429 with Retry-After after ${SEND_LIMIT.limit} messages in a window, and lets them send again after it`, async () => {
    clock.advance(SEND_LIMIT.windowSeconds * 1000);
    const id = (await list(cafe.token)).find((c) => c.firstname === 'Ben')!.conversationid;
    const send = () => asOwner(cafe.token, 'POST', `/conversations/${id}/messages`, { messageText: 'Again' });
    for (let i = 0; i < SEND_LIMIT.limit; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/too quickly/);
    // The owner's limit is the owner's: a customer still writes.
    expect((await write(ben, cafe.businessid, 'Still here')).status).toBe(200);
    clock.advance(SEND_LIMIT.windowSeconds * 1000);
    expect((await send()).status).toBe(201);
  });
});

describe('concurrent writes', () => {
  it('counts every one of many simultaneous customer messages and makes one conversation', async () => {
    const dee = await signedInCustomer(server, { email: 'dee@example.com', firstName: 'Dee', lastName: 'Park' });
    await follow(server, dee, barber.businessid);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => write(dee, barber.businessid, `Message ${i + 1}`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const conversations = (await list(barber.token)).filter((c) => c.firstname === 'Dee');
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.unread_count).toBe(8);
    expect(await messagesOf(barber.token, conversations[0]!.conversationid)).toHaveLength(8);
  });
});

// Last: a fourth customer of the café would change the counts the tests above expect.
describe('customers of one name', () => {
  it("tells two customers of the same name apart by e-mail, and never shows the customer side anyone's e-mail", async () => {
    const twin = await signedInCustomer(server, {
      email: 'ada.two@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect((await follow(server, twin, cafe.businessid)).status).toBe(201);
    expect((await write(twin, cafe.businessid, 'Same name, other person')).status).toBe(201);
    const adas = (await list(cafe.token)).filter((c) => c.firstname === 'Ada');
    expect(adas.map((c) => c.email).sort()).toEqual(['ada.two@example.com', 'ada@example.com']);
    const mine = await server.api('GET', '/api/customer/conversations', { token: twin.accessToken });
    expect(JSON.stringify(await mine.json())).not.toContain('@');
  });
});
