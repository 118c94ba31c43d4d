import type { ImageType } from '#contracts/posts.ts';

/**
 * Whether these bytes are a whole image of `type`, not just its magic number followed by anything
 * (docs/decisions/019-outbox-and-jobs.md). No image library is a dependency and none is needed to refuse
 * garbage, so this is a structural check, not a decoder:
 * - PNG: the signature, then chunk by chunk: each length inside the file and each CRC-32 right; IHDR
 *   first (13 bytes, width and height 1..100,000, a valid depth/colour pair); at least one IDAT; IEND
 *   last, with nothing after it.
 * - JPEG: SOI, then marker segments (0xFF, a marker, a length inside the file) up to the first SOS,
 *   with SOF and the end marker EOI as the last two bytes.
 * - GIF: "GIF87a"/"GIF89a", a logical screen of 1..65,535 each way, and the trailer (0x3B) last.
 */
export function wholeImage(bytes: Uint8Array, type: ImageType): boolean {
  if (type === 'image/png') return wholePng(bytes);
  if (type === 'image/jpeg') return wholeJpeg(bytes);
  return wholeGif(bytes);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array, start: number, end: number) {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths allowed for each PNG colour type (PNG spec, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function wholePng(b: Uint8Array): boolean {
  if (b.length < 8 + 25 + 12 + 12 || PNG_SIGNATURE.some((byte, i) => b[i] !== byte)) return false;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 8;
  let first = true;
  let idat = false;
  while (at + 12 <= b.length) {
    const length = view.getUint32(at);
    const end = at + 8 + length;
    if (length > 0x7fffffff || end + 4 > b.length) return false;
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type) || crc32(b, at + 4, end) !== view.getUint32(end)) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      const width = view.getUint32(at + 8);
      const height = view.getUint32(at + 12);
      const depth = b[at + 16]!;
      const colour = b[at + 17]!;
      if (!width || !height || width > 100_000 || height > 100_000) return false;
      if (!PNG_DEPTHS[colour]?.includes(depth)) return false;
      first = false;
    } else if (type === 'IDAT') idat = true;
    else if (type === 'IEND') return idat && length === 0 && end + 4 === b.length;
    at = end + 4;
  }
  return false;
}

function wholeJpeg(b: Uint8Array): boolean {
  if (b.length < 6 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  if (b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) return false;
  let at = 2;
  let segments = 0;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: none may come before SOS except these.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return false;
    if (marker === 0xd9) return false; // EOI before any scan
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    if (length < 2 || at + 2 + length > b.length) return false;
    segments++;
    if (marker === 0xda) return segments >= 1; // SOS: the entropy-coded data runs to EOI
    at += 2 + length;
  }
  // A file of header segments only, ending in EOI (the smallest JPEG files some tools write).
  return segments >= 1 && at === b.length - 2;
}

function wholeGif(b: Uint8Array): boolean {
  if (b.length < 14) return false;
  const header = String.fromCharCode(...b.subarray(0, 6));
  if (header !== 'GIF87a' && header !== 'GIF89a') return false;
  const width = b[6]! | (b[7]! << 8);
  const height = b[8]! | (b[9]! << 8);
  return width > 0 && height > 0 && b[b.length - 1] === 0x3b;
}
