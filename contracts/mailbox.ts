import * as v from 'valibot';

/** GET /dev/mailbox.json: every mail the local outbox "sent", newest first. */
export const Mail = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  links: v.array(v.string()),
  sentAt: v.string(),
  /** sent; or held: a mail to a stranger past the business's limit, kept and never sent (README "Mail"). */
  status: v.optional(v.picklist(['queued', 'sent', 'failed', 'held']), 'sent'),
  /** Files sent with the mail (a booking's .ics), as text. */
  attachments: v.optional(
    v.array(v.object({ filename: v.string(), contentType: v.string(), content: v.string() })),
    [],
  ),
});
export type Mail = v.InferOutput<typeof Mail>;
export const Mailbox = v.array(Mail);
