/**
 * Editing and deleting a post (issue 21): the owner's own posts only, the post rules of a new post on
 * an edit, the image leaving the media store, and a deleted post still counting toward today's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyPostLimitReached } from '../../contracts/limits.ts';
import { POST_DELETED, POST_MAX_LENGTH, POST_TEXTS } from '../../contracts/posts.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { follow } from './support/customers.ts';
import { png, uploadImage } from './support/images.ts';
import { type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';

const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
let nora: SignedInOwner;
let other: SignedInOwner;

const onPlan = (o: SignedInOwner, plan: string) =>
  server.deps.db.execute(
    `update businesses set packageid = (select packageid from packages where name = '${plan}') where businessid = '${o.businessid}'`,
  );
const create = async (o: SignedInOwner, body: unknown) => {
  const res = await server.api('POST', `/api/businesses/${o.businessid}/posts`, { token: o.token, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { postid: string; content: string; imageurl: string | null };
};
const edit = (o: SignedInOwner, postid: string, body: unknown) =>
  server.api('PUT', `/api/posts/${postid}`, { token: o.token, body });
const remove = (o: SignedInOwner, postid: string) => server.api('DELETE', `/api/posts/${postid}`, { token: o.token });
const feed = async (o: SignedInOwner) =>
  (await (await server.api('GET', '/api/businesses/me/posts', { token: o.token })).json()) as Array<{
    postid: string;
    content: string;
    imageurl: string | null;
  }>;
const imageStatus = async (key: string) => (await server.request(`/media/${key}`)).status;

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock });
  nora = await signedInOwner(server, { email: 'nora.edits@example.com', businessName: 'Nora Edits' });
  other = await signedInOwner(server, { email: 'other.edits@example.com', businessName: 'Other Edits' });
  await onPlan(nora, 'Pro');
  await onPlan(other, 'Pro');
});
afterAll(() => server?.stop());

describe('PUT /api/posts/{id}', () => {
  it('changes the text and the image; the feed and the followers see the edit', async () => {
    const fan = await signedInCustomer(server, { email: 'fan.edits@example.com' });
    expect((await follow(server, fan, nora.businessid)).status).toBe(201);
    const { postid } = await create(nora, { content: 'Scones at 8' });
    const { key } = await uploadImage(server, nora.token, png());
    const res = await edit(nora, postid, { content: '  Scones at 9  ', imageUrl: key });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ postid, content: 'Scones at 9', imageurl: key });
    expect((await feed(nora)).find((p) => p.postid === postid)).toMatchObject({ content: 'Scones at 9' });
    const theirs = await server.api('GET', `/api/customer/businesses/${nora.businessid}/posts`, {
      token: fan.accessToken,
    });
    expect(((await theirs.json()) as Array<{ postid: string; content: string }>)[0]).toMatchObject({
      postid,
      content: 'Scones at 9',
      imageurl: key,
    });
  });

  it('keeps the rules of a new post, naming the field', async () => {
    const { postid } = await create(nora, { content: 'Rules' });
    const empty = await edit(nora, postid, { content: '  ', imageUrl: null });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: POST_TEXTS.empty });
    const long = await edit(nora, postid, { content: 'x'.repeat(POST_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toMatch(/^Content/);
    const badKey = await edit(nora, postid, { content: 'x', imageUrl: '../../etc/passwd?' });
    expect(badKey.status).toBe(400);
    expect((await badKey.json()).message).toMatch(/^Image/);
    const theirs = await uploadImage(server, other.token, png());
    const stolen = await edit(nora, postid, { content: 'x', imageUrl: theirs.key });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).message).toMatch(/not uploaded by this business/);
    expect((await feed(nora)).find((p) => p.postid === postid)?.content).toBe('Rules');
  });

  it('removes the image an edit replaces or takes off, and keeps one that stays', async () => {
    const first = await uploadImage(server, nora.token, png());
    const { postid } = await create(nora, { content: 'Photo', imageUrl: first.key });
    expect((await edit(nora, postid, { content: 'Same photo', imageUrl: first.key })).status).toBe(200);
    expect(await imageStatus(first.key)).toBe(200);
    expect((await edit(nora, postid, { content: 'No photo', imageUrl: null })).status).toBe(200);
    expect(await imageStatus(first.key)).toBe(404);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('takes the post off both feeds and removes its image from the media store', async () => {
    const fan = await signedInCustomer(server, { email: 'fan.deletes@example.com' });
    expect((await follow(server, fan, nora.businessid)).status).toBe(201);
    const { key } = await uploadImage(server, nora.token, png());
    const { postid } = await create(nora, { content: 'Gone soon', imageUrl: key });
    const res = await remove(nora, postid);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: POST_DELETED });
    expect((await feed(nora)).map((p) => p.postid)).not.toContain(postid);
    const theirs = await server.api('GET', `/api/customer/businesses/${nora.businessid}/posts`, {
      token: fan.accessToken,
    });
    expect(((await theirs.json()) as Array<{ postid: string }>).map((p) => p.postid)).not.toContain(postid);
    expect(await imageStatus(key)).toBe(404);
    // A deleted post is gone for good: neither editable nor deletable again.
    expect((await remove(nora, postid)).status).toBe(404);
    expect((await edit(nora, postid, { content: 'Back' })).status).toBe(404);
  });

  it('keeps an image another live post still shows', async () => {
    const { key } = await uploadImage(server, nora.token, png());
    const a = await create(nora, { content: 'One', imageUrl: key });
    await create(nora, { content: 'Two', imageUrl: key });
    expect((await remove(nora, a.postid)).status).toBe(200);
    expect(await imageStatus(key)).toBe(200);
  });

  it("answers another business's post exactly like an unknown id, and changes nothing", async () => {
    const { postid } = await create(other, { content: 'Not yours' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const call of [(id: string) => remove(nora, id), (id: string) => edit(nora, id, { content: 'Hijack' })]) {
      const theirs = await call(postid);
      const none = await call(unknown);
      const malformed = await call('not-a-uuid');
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toEqual({ message: 'Post not found.' });
      expect(await none.json()).toEqual({ message: 'Post not found.' });
      expect(malformed.status).toBe(404);
    }
    expect((await feed(other)).find((p) => p.postid === postid)?.content).toBe('Not yours');
  });
});

describe('a deleted post still counts toward the daily limit', () => {
  it('refuses a fourth post on Starter after three posts and a delete', async () => {
    const sam = await signedInOwner(server, { email: 'sam.limit@example.com', businessName: 'Sam Limit' });
    await onPlan(sam, 'Starter');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(sam, { content: `post ${i}` }));
    expect((await remove(sam, made[0]!.postid)).status).toBe(200);
    const refused = await server.api('POST', `/api/businesses/${sam.businessid}/posts`, {
      token: sam.token,
      body: { content: 'one more' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: dailyPostLimitReached(3) });
    const check = await server.api('GET', `/api/packages/usage/${sam.businessid}/can-create-post`, {
      token: sam.token,
    });
    expect(await check.json()).toEqual({ canCreate: false, limit: 3, remaining: 0 });
  });

  it('lets no more than the limit through when deletes and new posts race', async () => {
    const rita = await signedInOwner(server, { email: 'rita.race@example.com', businessName: 'Rita Race' });
    await onPlan(rita, 'Starter');
    const first = await create(rita, { content: 'first' });
    const second = await create(rita, { content: 'second' });
    const answers = await Promise.all([
      remove(rita, first.postid),
      remove(rita, second.postid),
      ...Array.from({ length: 6 }, (_, i) =>
        server.api('POST', `/api/businesses/${rita.businessid}/posts`, {
          token: rita.token,
          body: { content: `race ${i}` },
        }),
      ),
    ]);
    expect(answers.slice(0, 2).map((a) => a.status)).toEqual([200, 200]);
    expect(
      answers
        .slice(2)
        .map((a) => a.status)
        .sort(),
    ).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await feed(rita)).toHaveLength(1);
  });
});
