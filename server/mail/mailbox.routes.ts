import { desc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Mail } from '#contracts/mailbox.ts';
import { mailAttachments, mailOutbox } from '../db/schema.ts';
import { isLocalCaller } from '../lib/client-ip.ts';
import type { AppDeps } from '../types.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const MAILBOX_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2933}
main{max-width:760px;margin:0 auto;padding:24px}h1{font-size:22px}
article{background:#fff;border:1px solid #e4e7eb;border-radius:10px;padding:16px 20px;margin:12px 0}
h2{font-size:17px;margin:0 0 4px}p.meta{color:#52606d;margin:0 0 12px;font-size:13px}
pre{white-space:pre-wrap;font:inherit;margin:0 0 8px}a{color:#0f766e;word-break:break-all}`;

export const MAILBOX_LOCAL_ONLY = 'The development mailbox answers only on this computer (a loopback address).';

/**
 * The local outbox as a page and as JSON. It holds live verification and reset links, so whoever
 * reads it can take over any account: mounted only in development without SMTP (server/app.ts), and
 * answering only callers on this computer, whatever X-Forwarded-For claims unless TRUST_PROXY is set.
 */
export function mailboxRoutes({ db, env }: Pick<AppDeps, 'db' | 'env'>) {
  const app = new Hono();
  app.use(async (c, next) => {
    if (!isLocalCaller(c, env)) return c.json({ message: MAILBOX_LOCAL_ONLY }, 403);
    await next();
  });
  const list = async (): Promise<Mail[]> => {
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(200);
    const files = rows.length
      ? await db
          .select()
          .from(mailAttachments)
          .where(
            inArray(
              mailAttachments.mailId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      links: row.links,
      sentAt: (row.sentAt ?? row.createdAt).toISOString(),
      status: row.status as Mail['status'],
      attachments: files
        .filter((f) => f.mailId === row.id)
        .map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    }));
  };
  app.get('/mailbox.json', async (c) => c.json(await list(), 200, { 'Cache-Control': 'no-store' }));
  app.get('/mailbox.css', (c) => c.body(MAILBOX_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/mailbox', async (c) => {
    const mails = await list();
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)}${mail.status === 'held' ? ' · held, not sent (the business reached its limit of mails to strangers)' : ''}</p><pre>${escapeHtml(mail.text)}</pre>
${mail.links.map((link) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`).join('<br>')}
${(mail.attachments ?? []).map((file) => `<details><summary>Attachment: ${escapeHtml(file.filename)}</summary><pre>${escapeHtml(file.content)}</pre></details>`).join('')}</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development)</title><link rel="stylesheet" href="/dev/mailbox.css"></head>
<body><main><h1>Mailbox</h1><p>Every e-mail the local server has sent (or held), newest first.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return c.html(html, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
