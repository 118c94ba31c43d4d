/**
 * The S3-compatible media store, proven against a real S3 server (s3rver, started here): presigned PUT
 * targets, the content and size checks when the post is made, and images read from the bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_TEXTS } from '../../contracts/posts.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { bigPng, gif, png, uploadImage } from './support/images.ts';
import { signedInOwner } from './support/signed-in.ts';

const BUCKET = 'portal-media';
let s3: S3rver;
let s3Url: string;
let dir: string;
let server: TestServer;
let token: string;
let businessid: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  s3Url = `http://127.0.0.1:${address.port}`;
  server = await startTestServer({
    env: {
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: s3Url,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  ({ businessid, token } = await signedInOwner(server, { email: 's3@example.com', businessName: 'Bucket Bakery' }));
  await server.deps.db.execute(
    `update businesses set packageid = (select packageid from packages where name = 'Pro') where businessid = '${businessid}'`,
  );
});
afterAll(async () => {
  await server?.stop();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const uploadToBucket = (bytes: Uint8Array<ArrayBuffer>, type = 'image/png', sentAs = type) =>
  uploadImage(server, token, bytes, type, sentAs);
const post = (imageUrl: string) =>
  server.api('POST', `/api/businesses/${businessid}/posts`, { token, body: { content: 'From the bucket', imageUrl } });

describe('media in S3-compatible storage', () => {
  it('gives a presigned PUT on the bucket, and the SPA reads images from the bucket', async () => {
    const { uploadUrl, key, put } = await uploadToBucket(png());
    expect(new URL(uploadUrl).origin).toBe(s3Url);
    expect(new URL(uploadUrl).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(put.status).toBe(200);
    expect((await post(key)).status).toBe(201);

    const config = (await (await server.request('/config.json')).json()) as { mediaBaseUrl: string };
    expect(config.mediaBaseUrl).toBe(`${s3Url}/${BUCKET}/`);
    const image = await fetch(`${config.mediaBaseUrl}${key}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(png()))).toBe(true);
    // The page may show bucket images and PUT to the bucket: the CSP says so.
    const csp = (await server.request('/dev/mailbox')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`img-src[^;]*${s3Url.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`connect-src[^;]*${s3Url.replace(/[.:/]/g, '\\$&')}`));
    // The database store's routes are not there.
    expect((await server.request(`/media/${key}`)).status).toBe(404);
  });

  it('signs the Content-Type and lets the target live ten minutes', async () => {
    const target = await server.api('GET', '/api/posts/upload-url?filename=p&fileType=image%2Fjpeg', { token });
    const url = new URL(((await target.json()) as { uploadUrl: string }).uploadUrl);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
  });

  it('checks content and size when the post is made, and deletes a bad object', async () => {
    const text = await uploadToBucket(new TextEncoder().encode('<html>not an image</html>') as Uint8Array<ArrayBuffer>);
    expect(text.put.status).toBe(200);
    const refused = await post(text.key);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: POST_TEXTS.fileType });
    expect((await fetch(`${s3Url}/${BUCKET}/${text.key}`)).status).toBe(404);

    const big = await uploadToBucket(bigPng(6 * 1024 * 1024));
    expect(big.put.status).toBe(200);
    const tooBig = await post(big.key);
    expect(await tooBig.json()).toEqual({ message: POST_TEXTS.fileSize });

    const asGif = await uploadToBucket(gif(), 'image/gif');
    expect((await post(asGif.key)).status).toBe(201);
  });

  it('refuses a key of another business and a key that was never uploaded', async () => {
    for (const key of ['posts/00000000-0000-4000-8000-000000000000/x.png', `posts/${businessid}/never.png`]) {
      const res = await post(key);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/not uploaded by this business/);
    }
  });
});

describe('a deleted or re-imaged post in S3-compatible storage', () => {
  const objectStatus = async (key: string) => (await fetch(`${s3Url}/${BUCKET}/${key}`)).status;

  it('removes the object when its post is deleted, and the replaced one when an edit changes the image', async () => {
    const first = await uploadToBucket(png());
    const made = await post(first.key);
    expect(made.status).toBe(201);
    const { postid } = (await made.json()) as { postid: string };
    const second = await uploadToBucket(gif(), 'image/gif');
    const edited = await server.api('PUT', `/api/posts/${postid}`, {
      token,
      body: { content: 'New photo', imageUrl: second.key },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await objectStatus(first.key)).toBe(404);
    expect(await objectStatus(second.key)).toBe(200);

    expect((await server.api('DELETE', `/api/posts/${postid}`, { token })).status).toBe(200);
    expect(await objectStatus(second.key)).toBe(404);
  });
});
