import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * The most a request body may hold, checked before anything reads it: a declared Content-Length over
 * the limit is refused at once, and a chunked body is counted as it arrives and refused at the limit,
 * so an oversized body is never buffered.
 */
export const BODY_LIMITS = {
  /** JSON bodies of the API and of the identity endpoint. */
  json: 64 * 1024,
  /** Post images (spec §5: "Max size is 5MB"), on the upload route listed below. */
  imageUpload: 5 * 1024 * 1024,
} as const;

/** Paths whose bodies are files, with their own limit. Everything else gets BODY_LIMITS.json. */
const UPLOAD_LIMITS: ReadonlyArray<{ prefix: string; maxSize: number; message: string }> = [
  {
    prefix: '/api/public/media-uploads',
    maxSize: BODY_LIMITS.imageUpload,
    message: 'File is too large. Max size is 5MB.',
  },
];

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;

/** One limit for the whole app; answers 413 with a message (Cognito-shaped under /cognito). */
export const limitBodies = (): MiddlewareHandler => {
  const limiter = (maxSize: number, tooLarge?: string) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        const message = tooLarge ?? `The request body is too large (at most ${kb(maxSize)}).`;
        if (c.req.path.startsWith('/cognito')) {
          c.header('x-amzn-ErrorType', 'InvalidParameterException');
          return c.json({ __type: 'InvalidParameterException', message }, 413);
        }
        return c.json({ message }, 413);
      },
    });
  const json = limiter(BODY_LIMITS.json);
  const uploads = UPLOAD_LIMITS.map(({ prefix, maxSize, message }) => ({ prefix, limit: limiter(maxSize, message) }));
  return (c, next) => {
    // No body to limit: the adapter gives GET and HEAD none. Asking for c.req.raw.body would turn its
    // light request into a full Request (with an AbortSignal) on every read, for nothing.
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const upload = uploads.find(({ prefix }) => c.req.path.startsWith(prefix));
    return (upload?.limit ?? json)(c, next);
  };
};
