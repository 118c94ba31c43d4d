import { createTransport } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailAttachments, mailOutbox } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/crypto.ts';
import type { Logger } from '../middleware/request-log.ts';

export type MailAttachment = { filename: string; contentType: string; content: string };
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments?: MailAttachment[];
};

export type Mailer = {
  /** True while the local outbox is the transport: /dev/mailbox shows what was "sent". */
  mailboxEnabled: boolean;
  /** Never throws for a transport failure: the outbox row records it and the log says so. */
  send: (mail: OutgoingMail) => Promise<void>;
};

export function createMailer(deps: { db: Db; env: Env; clock: Clock; log: Logger }): Mailer {
  const { db, env, clock, log } = deps;
  // Production never pretends to send: registration would report success while the mail went nowhere.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) throw new Error('NODE_ENV=production needs SMTP_URL.');
  const smtp = env.SMTP_URL ? createTransport(env.SMTP_URL) : undefined;
  return {
    mailboxEnabled: !smtp && env.NODE_ENV !== 'production',
    async send(mail) {
      const id = newId();
      let error: string | null = null;
      if (smtp) {
        try {
          await smtp.sendMail({
            from: env.MAIL_FROM,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            attachments: mail.attachments,
          });
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause);
          log.error(`mail to ${mail.to} failed: ${error}`);
        }
      }
      await db.insert(mailOutbox).values({
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.links,
        transport: smtp ? 'smtp' : 'outbox',
        sentAt: clock(),
        error,
      });
      if (mail.attachments?.length) {
        await db.insert(mailAttachments).values(mail.attachments.map((a) => ({ id: newId(), mailId: id, ...a })));
      }
    },
  };
}
