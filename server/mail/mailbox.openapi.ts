import { Mailbox } from '#contracts/mailbox.ts';
import { describeRoutes } from '../openapi/describe.ts';

const tags = ['Development'];

/** mailbox.routes.ts: only while the mail transport is the local outbox, and only to callers on this computer. */
export const mailboxApi = describeRoutes('public', {
  'GET /dev/mailbox.json': {
    summary: 'Every mail the server "sent", newest first (development only)',
    tags,
    ok: { 200: Mailbox },
    errors: [403],
  },
  'GET /dev/mailbox': {
    summary: 'The same as a page',
    tags,
    ok: { 200: { mediaType: 'text/html', description: 'The mailbox page.' } },
    errors: [403],
  },
  'GET /dev/mailbox.css': {
    summary: "The mailbox page's style sheet",
    tags,
    ok: { 200: { mediaType: 'text/css', description: 'CSS.' } },
    errors: [403],
  },
});
