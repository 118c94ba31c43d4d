import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyPostLimitReached } from '../../contracts/limits.ts';
import { POST_TEXTS } from '../../contracts/posts.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { bigPng, gif, jpeg, png, uploadImage } from './support/images.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';

const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));
let server: TestServer;
type Owner = SignedInOwner;
const owner = (email: string, businessName: string) => signedInOwner(server, { email, businessName });

/** upload-url, then the PUT exactly as the browser sends it; returns the key and the PUT's answer. */
const upload = (o: Owner, bytes: Uint8Array<ArrayBuffer>, type = 'image/png', sentAs = type) =>
  uploadImage(server, o.token, bytes, type, sentAs);

const post = (o: Owner, body: unknown, businessid = o.businessid) =>
  server.api('POST', `/api/businesses/${businessid}/posts`, { token: o.token, body });

let maya: Owner;
let other: Owner;
beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock });
  maya = await owner('maya.posts@example.com', 'Maya Posts');
  other = await owner('other.posts@example.com', 'Other Posts');
  // A Pro-sized daily limit for the owners that are not testing the limit.
  await server.deps.db.execute(`update packages set posts_per_day_limit = 50 where name = 'Free'`);
});
afterAll(() => server?.stop());

describe('uploads: type by content, 5 MB, signed single-use targets', () => {
  it('stores PNG, JPEG and GIF by their bytes and serves them with their type, nosniff and a long cache', async () => {
    for (const [bytes, type] of [
      [png(), 'image/png'],
      [jpeg(), 'image/jpeg'],
      [gif(), 'image/gif'],
    ] as const) {
      const { key, put } = await upload(maya, bytes, type);
      expect(put.status, await put.clone().text()).toBe(201);
      expect(key).toMatch(new RegExp(`^posts/${maya.businessid}/[0-9a-f-]{36}\\.(png|jpg|gif)$`));
      const served = await server.request(`/media/${key}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      // The app's page policy must not replace the sandbox of an uploaded file (server/middleware/security.ts).
      expect(served.headers.get('content-security-policy')).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('refuses a type outside JPEG, PNG, GIF when asking for a target, with the spec text', async () => {
    const res = await server.api('GET', '/api/posts/upload-url?filename=x.svg&fileType=image%2Fsvg%2Bxml', {
      token: maya.token,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: POST_TEXTS.fileType });
  });

  it('decides the type by magic bytes: text labelled image/png, or a GIF sent as PNG, is refused', async () => {
    const text = await upload(
      maya,
      new TextEncoder().encode('<svg onload="alert(1)"></svg>') as Uint8Array<ArrayBuffer>,
      'image/png',
    );
    expect(text.put.status).toBe(415);
    expect(await text.put.json()).toEqual({ message: POST_TEXTS.fileType });
    const disguised = await upload(maya, gif(), 'image/png');
    expect(disguised.put.status).toBe(415);
    expect((await server.request(`/media/${text.key}`)).status).toBe(404);
  });

  it('refuses a 6 MB file with 413 and the spec text, and stores nothing', async () => {
    const { key, put } = await upload(maya, bigPng(6 * 1024 * 1024));
    expect(put.status).toBe(413);
    expect(await put.json()).toEqual({ message: POST_TEXTS.fileSize });
    expect((await server.request(`/media/${key}`)).status).toBe(404);
  });

  it('accepts a file just under 5 MB', async () => {
    const bytes = bigPng(5 * 1024 * 1024 - 64 * 1024);
    expect(bytes.byteLength).toBeLessThanOrEqual(5 * 1024 * 1024);
    const { put } = await upload(maya, bytes);
    expect(put.status).toBe(201);
  });

  it('refuses a reused, an expired and a forged target', async () => {
    const first = await upload(maya, png());
    expect(first.put.status).toBe(201);
    const again = await fetch(first.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest' },
      body: png(),
    });
    expect(again.status, await again.clone().text()).toBe(410);

    const target = await server.api('GET', '/api/posts/upload-url?filename=a.png&fileType=image%2Fpng', {
      token: maya.token,
    });
    const uploadUrl = new URL(((await target.json()) as { uploadUrl: string }).uploadUrl, server.url).toString();
    const forged = new URL(uploadUrl);
    forged.searchParams.set('token', `${forged.searchParams.get('token')!.slice(0, -2)}xx`);
    const send = (url: string) =>
      fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest' },
        body: png(),
      });
    const forgedAnswer = await send(forged.toString());
    expect(forgedAnswer.status).toBe(403);
    expect((await forgedAnswer.json()).message).toMatch(/not valid/);
    clock.advance(11 * 60 * 1000);
    try {
      const late = await send(uploadUrl);
      expect(late.status).toBe(410);
      expect((await late.json()).message).toMatch(/expired/);
    } finally {
      clock.advance(-11 * 60 * 1000);
    }
  });

  it('needs the anti-forgery header on the PUT', async () => {
    const target = await server.api('GET', '/api/posts/upload-url?filename=a.png&fileType=image%2Fpng', {
      token: maya.token,
    });
    const { uploadUrl } = (await target.json()) as { uploadUrl: string };
    expect(uploadUrl).toMatch(/^\/api\/public\/media-uploads\?/);
    const res = await fetch(new URL(uploadUrl, server.url), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png(),
    });
    expect(res.status).toBe(403);
  });
});

describe('posts', () => {
  it('creates text, image and both; the feed lists them newest first with the author and the key', async () => {
    const { key } = await upload(maya, png());
    const made: string[] = [];
    for (const body of [
      { content: 'Only words' },
      { content: null, imageUrl: key },
      { content: '  Both  ', imageUrl: key },
    ]) {
      clock.advance(1000);
      const res = await post(maya, body);
      expect(res.status, await res.clone().text()).toBe(201);
      made.push(((await res.json()) as { postid: string }).postid);
    }
    const feed = (await (await server.api('GET', '/api/businesses/me/posts', { token: maya.token })).json()) as Array<
      Record<string, unknown>
    >;
    expect(feed.slice(0, 3).map((p) => p.postid)).toEqual(made.reverse());
    expect(feed[0]).toEqual({
      postid: made[0],
      content: 'Both',
      imageurl: key,
      createdat: expect.any(String),
      authoremail: 'maya.posts@example.com',
    });
  });

  it('needs text or an image, with the spec text', async () => {
    for (const body of [{}, { content: '   ' }, { content: '', imageUrl: null }]) {
      const res = await post(maya, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: POST_TEXTS.empty });
    }
  });

  it("refuses an image key this business did not upload (another business's, or made up)", async () => {
    const theirs = await upload(other, png());
    expect(theirs.put.status).toBe(201);
    for (const imageUrl of [theirs.key, `posts/${maya.businessid}/00000000-0000-4000-8000-000000000000.png`]) {
      const res = await post(maya, { content: 'stolen', imageUrl });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/not uploaded by this business/);
    }
  });

  it("answers 404 for another business's id exactly as for an unknown one, and writes nothing", async () => {
    const before = await (await server.api('GET', '/api/businesses/me/posts', { token: other.token })).text();
    const theirs = await post(maya, { content: 'hijack' }, other.businessid);
    const unknown = await post(maya, { content: 'hijack' }, '00000000-0000-4000-8000-000000000000');
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    expect(await (await server.api('GET', '/api/businesses/me/posts', { token: other.token })).text()).toBe(before);
  });
});

describe('the daily post limit, in the business time zone', () => {
  it('allows the limit per local day in Kiritimati (UTC+14) and resets at local midnight', async () => {
    // 09:58 UTC is 23:58 in Kiritimati: the end of the local day.
    clock.set(Date.parse('2026-11-24T09:58:00Z'));
    const far = await owner('far.posts@example.com', 'Far Posts');
    await server.deps.db.execute(
      `update businesses set timezone = 'Pacific/Kiritimati', packageid = (select packageid from packages where name = 'Starter') where businessid = '${far.businessid}'`,
    );
    for (let i = 0; i < 3; i++) expect((await post(far, { content: `late ${i}` })).status).toBe(201);
    const refused = await post(far, { content: 'one too many' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: dailyPostLimitReached(3) });
    const check = await server.api('GET', `/api/packages/usage/${far.businessid}/can-create-post`, {
      token: far.token,
    });
    expect(await check.json()).toEqual({ canCreate: false, limit: 3, remaining: 0 });
    // 10:01 UTC is 00:01 the next local day, though it is the same UTC day.
    clock.set(Date.parse('2026-11-24T10:01:00Z'));
    expect((await post(far, { content: 'new day' })).status).toBe(201);
    clock.set(Date.parse('2026-11-23T12:00:00Z'));
  });

  it('lets exactly the limit through when posts race', async () => {
    const racer = await owner('racer.posts@example.com', 'Racer Posts');
    await server.deps.db.execute(
      `update businesses set packageid = (select packageid from packages where name = 'Starter') where businessid = '${racer.businessid}'`,
    );
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(racer, { content: `race ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    const feed = (await (
      await server.api('GET', '/api/businesses/me/posts', { token: racer.token })
    ).json()) as unknown[];
    expect(feed).toHaveLength(3);
  });
});
