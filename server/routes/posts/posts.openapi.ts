import { MessageBody } from '#contracts/common.ts';
import { NewPost, Post, Posts, PostUpdate, UploadTarget, UploadUrlQuery } from '#contracts/posts.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Posts'];

/** posts.routes.ts. */
export const postsApi = describeRoutes('owner', {
  'GET /api/businesses/me/posts': {
    role: 'staff',
    summary: "The business's posts, newest first",
    tags,
    ok: { 200: Posts },
  },
  'GET /api/posts/upload-url': {
    role: 'manager',
    summary: 'A signed, single-use target to PUT one image to (then post its key)',
    tags,
    query: UploadUrlQuery,
    queryExample: { filename: 'scones.png', fileType: 'image/png' },
    ok: { 200: UploadTarget },
  },
  'POST /api/businesses/:id/posts': {
    role: 'manager',
    summary: 'Publish a post: text, an uploaded image key, or both (within the daily limit)',
    tags,
    params: { id: "The caller's own business id (another answers 404)." },
    body: { schema: NewPost, example: { content: 'Fresh scones from 8 am!', imageUrl: null } },
    ok: { 201: Post },
  },
  'PUT /api/posts/:id': {
    role: 'manager',
    summary: "Edit one of the business's posts: its text and image, under the rules of a new post",
    tags,
    params: { id: "The post id (another business's, or a deleted one, answers 404)." },
    body: { schema: PostUpdate, example: { content: 'Fresh scones from 9 am!', imageUrl: null } },
    ok: { 200: Post },
  },
  'DELETE /api/posts/:id': {
    role: 'manager',
    summary: "Delete one of the business's posts and its image (it still counts toward the day's limit)",
    tags,
    params: { id: "The post id (another business's, or a deleted one, answers 404)." },
    ok: { 200: MessageBody },
  },
});
