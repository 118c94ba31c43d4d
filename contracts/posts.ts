import * as v from 'valibot';
import { multiLineText, requiredText } from './common.ts';

/** Spec §5 texts of the composer; the server answers with the same words. */
export const POST_TEXTS = {
  empty: 'Please add some content or an image.',
  noBusiness: 'Business profile not available.',
  fileType: 'Invalid file type. Please select a JPG, PNG, or GIF.',
  fileSize: 'File is too large. Max size is 5MB.',
  createFailed: 'Could not create the post.',
  feedFailed: 'Error fetching posts',
} as const;

/** The answer to DELETE /api/posts/{id} (not in the spec; the feed card's own texts are in its machines). */
export const POST_DELETED = 'Post deleted.';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const POST_MAX_LENGTH = 5000;

/** A post as the owner's feed shows it (spec §3): imageurl is the media key, appended to mediaBaseUrl. */
export const Post = v.object({
  postid: v.string(),
  content: v.string(),
  imageurl: v.nullable(v.string()),
  createdat: v.string(),
  authoremail: v.nullable(v.string()),
});
export type Post = v.InferOutput<typeof Post>;
export const Posts = v.array(Post);

/** POST /api/businesses/{id}/posts: text, an image key, or both. */
export const NewPost = v.pipe(
  v.object({
    content: v.optional(multiLineText('Content', POST_MAX_LENGTH), null),
    imageUrl: v.optional(
      v.nullable(
        v.pipe(
          v.string('Image must be a key from the upload.'),
          v.maxLength(300, 'Image must be a key from the upload.'),
          v.regex(/^[a-z0-9/._-]+$/i, 'Image must be a key from the upload.'),
        ),
      ),
      null,
    ),
  }),
  v.check((post) => post.content !== null || post.imageUrl !== null, POST_TEXTS.empty),
);
export type NewPost = v.InferInput<typeof NewPost>;

/**
 * PUT /api/posts/{id}: the post's new text and image, with the same rules as a new one. `imageUrl` null
 * (or left out) takes the image off; a key other than the current one must be a fresh upload.
 */
export const PostUpdate = NewPost;
export type PostUpdate = NewPost;

/** GET /api/posts/upload-url?filename&fileType */
export const UploadUrlQuery = v.object({
  filename: requiredText('File name', 255),
  fileType: v.picklist(IMAGE_TYPES, POST_TEXTS.fileType),
});
export const UploadTarget = v.object({ uploadUrl: v.string(), key: v.string() });
export type UploadTarget = v.InferOutput<typeof UploadTarget>;

/** A post as a follower reads it in the app (no author e-mail). */
export const CustomerPost = v.object({
  postid: v.string(),
  content: v.string(),
  imageurl: v.nullable(v.string()),
  createdat: v.string(),
});
export type CustomerPost = v.InferOutput<typeof CustomerPost>;
export const CustomerPosts = v.array(CustomerPost);
