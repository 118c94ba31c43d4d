import { IMAGE_TYPES, type ImageType } from '#contracts/posts.ts';

/** The image type of these bytes by their magic numbers (never by a header or a name), or null. */
export async function sniffImage(bytes: Uint8Array): Promise<ImageType | null> {
  // Loaded at the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  return found && (IMAGE_TYPES as readonly string[]).includes(found.mime) ? (found.mime as ImageType) : null;
}
