/**
 * Storage limits (issue 22): upload targets per business per hour (429), photo storage per business by
 * package (409 before the upload, 413 when stored), and a content check that refuses an image whose
 * magic number is followed by anything (server/media/structure.ts). Unused uploads are deleted by
 * housekeeping (tests/server/housekeeping.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_BYTES_BY_PACKAGE, mediaLimitReached, uploadLimitReached } from '#contracts/limits.ts';
import { media } from '#server/db/schema.ts';
import { IMAGE_DAMAGED } from '#server/media/store.ts';
import { wholeImage } from '#server/media/structure.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { gif, jpeg, png, uploadImage } from './support/images.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';

let server: TestServer;
let owner: SignedInOwner;
beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_TARGETS_PER_HOUR: '12', LOG_REQUESTS: 'false' } });
  owner = await signedInOwner(server, { email: 'photos@example.com', businessName: 'Photo Shop' });
});
afterAll(() => server?.stop());

const target = (who: SignedInOwner) =>
  server.api('GET', '/api/posts/upload-url?filename=p&fileType=image%2Fpng', { token: who.token });

/** A PNG's bytes with one byte changed at `at` (inside a chunk: its CRC no longer matches). */
const flipped = (bytes: Uint8Array, at: number) => {
  const copy = new Uint8Array(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};

describe('the content check', () => {
  it('refuses a PNG header followed by garbage, a damaged or cut PNG, and accepts whole images', async () => {
    const good = png(16, 16);
    const garbage = new Uint8Array([...good.subarray(0, 16), ...new TextEncoder().encode('<script>alert(1)</script>')]);
    for (const bad of [garbage, flipped(good, 40), good.subarray(0, good.length - 6)]) {
      const { put } = await uploadImage(server, owner.token, new Uint8Array(bad));
      expect(put.status).toBe(415);
      expect(await put.json()).toEqual({ message: IMAGE_DAMAGED });
    }
    expect((await uploadImage(server, owner.token, good)).put.status).toBe(201);
    expect((await uploadImage(server, owner.token, jpeg(), 'image/jpeg')).put.status).toBe(201);
    expect((await uploadImage(server, owner.token, gif(), 'image/gif')).put.status).toBe(201);
  });

  it('checks JPEG and GIF structure too', () => {
    expect(wholeImage(jpeg(), 'image/jpeg')).toBe(true);
    expect(wholeImage(jpeg().subarray(0, 30), 'image/jpeg')).toBe(false);
    expect(wholeImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]), 'image/jpeg')).toBe(false);
    expect(wholeImage(gif(), 'image/gif')).toBe(true);
    expect(wholeImage(gif().subarray(0, 20), 'image/gif')).toBe(false);
  });
});

describe('upload targets per business per hour', () => {
  it('gives at most UPLOAD_TARGETS_PER_HOUR, also to parallel requests, then a 429 that says when', async () => {
    const busy = await signedInOwner(server, { email: 'busy@example.com', businessName: 'Busy Shop' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => target(busy)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(12);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(8);
    expect(await refused[0]!.json()).toEqual({ message: uploadLimitReached(12, 60) });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another business is not affected.
    expect((await target(owner)).status).toBe(200);
  });
});

describe('photo storage per business by package', () => {
  it('refuses an upload past the package storage (413) and then new targets (409), naming the limit', async () => {
    const full = await signedInOwner(server, { email: 'full@example.com', businessName: 'Full Shop' });
    const limit = MEDIA_BYTES_BY_PACKAGE.Free!;
    const { uploadUrl } = (await (await target(full)).json()) as { uploadUrl: string };
    // Photos the business already keeps: 100 bytes short of Free's storage.
    await server.deps.db.insert(media).values({
      key: `posts/${full.businessid}/kept.png`,
      businessid: full.businessid,
      contentType: 'image/png',
      size: limit - 100,
      bytes: null,
    });
    const put = await fetch(new URL(uploadUrl, server.url), {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'x-requested-with': 'XMLHttpRequest' },
      body: png(32, 32),
    });
    expect(put.status).toBe(413);
    expect(await put.json()).toEqual({ message: mediaLimitReached(limit) });
    expect(mediaLimitReached(limit)).toContain('100 MB');
    // A small enough photo still fits.
    const { put: small } = await uploadImage(server, full.token, gif(), 'image/gif');
    expect(small.status).toBe(201);
    // Full: no new target.
    await server.deps.db.insert(media).values({
      key: `posts/${full.businessid}/more.png`,
      businessid: full.businessid,
      contentType: 'image/png',
      size: 100,
      bytes: null,
    });
    const refused = await target(full);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: mediaLimitReached(limit) });
  });
});
