import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { encodePng } from '../../../server/media/png.ts';
import type { HttpServer } from '../harness.ts';

/** Bytes as fetch takes them (a copy on a plain ArrayBuffer). */
const bytes = (buffer: Buffer) => new Uint8Array(buffer);

/** Real images by their bytes: a PNG drawn in code, the smallest JPEG and GIF that are whole by structure. */
export const png = (width = 8, height = 8) => bytes(encodePng(width, height, (x, y) => [x * 20, y * 20, 120]));

export const gif = () => bytes(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));

export const jpeg = () =>
  bytes(
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
      Buffer.alloc(4, 0),
      // A start of scan (the structure check follows the segments to it), its data, the end marker.
      Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
      Buffer.alloc(64, 0),
      Buffer.from([0xff, 0xd9]),
    ]),
  );

/** A PNG of about `size` bytes (random pixels do not compress). */
export const bigPng = (size: number) => {
  const side = Math.ceil(Math.sqrt(size / 3));
  const noise = randomBytes(side * side * 3);
  let i = 0;
  const next = () => noise[i++]!;
  return bytes(encodePng(side, side, () => [next(), next(), next()]));
};

/**
 * A photo uploaded as the portal uploads one: GET /api/posts/upload-url as the owner, then the PUT to the
 * target exactly as the browser sends it (`sentAs` is the Content-Type it declares). The key, the
 * target and the PUT's answer, for the test to judge.
 */
export async function uploadImage(
  server: Pick<HttpServer, 'api' | 'url'>,
  token: string,
  image: Uint8Array<ArrayBuffer> = png(),
  type = 'image/png',
  sentAs = type,
) {
  const target = await server.api('GET', `/api/posts/upload-url?filename=photo&fileType=${encodeURIComponent(type)}`, {
    token,
  });
  expect(target.status).toBe(200);
  const answer = (await target.json()) as { uploadUrl: string; key: string };
  // The database store answers a path on the API's origin, as the SPA resolves it (never a fixed host).
  const uploadUrl = new URL(answer.uploadUrl, server.url).toString();
  const { key } = answer;
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': sentAs, 'x-requested-with': 'XMLHttpRequest' },
    body: image,
  });
  return { key, uploadUrl, put };
}
