import * as v from 'valibot';
import { IMAGE_TYPES } from '#contracts/posts.ts';
import { describeRoutes } from '../openapi/describe.ts';

const tags = ['Media'];

/** media.routes.ts: mounted only while images live in the database (MEDIA_STORE unset). */
export const mediaApi = describeRoutes('public', {
  'PUT /api/public/media-uploads': {
    summary: 'The signed upload target of GET /api/posts/upload-url: the image bytes, once (at most 5 MB)',
    tags,
    query: v.object({
      key: v.pipe(v.string(), v.description('The key the upload URL names.')),
      token: v.pipe(v.string(), v.description('The signature of the upload URL.')),
    }),
    queryExample: { key: 'posts/3f6c/scones.png', token: 'the-signature-of-the-upload-url' },
    body: { mediaTypes: [...IMAGE_TYPES], description: 'The image, of the type asked for in the upload URL.' },
    ok: { 201: v.object({ key: v.string() }) },
    errors: [403, 410],
  },
  'GET /media/*': {
    summary: 'An uploaded post image (immutable)',
    tags,
    wildcard: { name: 'key', description: 'The key of the image (may hold slashes).' },
    ok: { 200: { mediaType: 'image/*', description: 'The image.' } },
    errors: [404],
  },
});
