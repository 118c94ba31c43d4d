import { and, eq, inArray } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { mailAttachments, mailOutbox } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { type JobEngine, QUEUES, transactionSql } from '../jobs/engine.ts';
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

export type MailStatus = 'queued' | 'sent' | 'failed' | 'held';

export type EnqueueOptions = {
  /** The business whose owner caused the mail (bookings). */
  businessid?: string;
  /** Owner-written text to a stranger: counted against the business's limit (server/mail/relay.ts). */
  toStranger?: boolean;
  /** Kept, never sent: the stranger limit was reached. */
  held?: boolean;
};

export type Mailer = {
  /** True while the local outbox is the transport: /dev/mailbox shows what was "sent". */
  mailboxEnabled: boolean;
  /**
   * Writes the mail, and with SMTP its send job, through `tx`: call it inside the transaction of the
   * change that causes the mail, so both exist or neither. Never talks to SMTP. Returns the mail's id.
   */
  enqueue: (tx: Db, mail: OutgoingMail, options?: EnqueueOptions) => Promise<string>;
  /** After that transaction committed: this copy's worker looks for the mail now, not at its next poll. */
  wake: () => void;
};

/** The job engine's queue of send jobs; a job's id is its mail's id (the mail's key). */
export const MAIL_QUEUE = QUEUES.mail;
type SendJob = { mailId: string };

/** How many mails one worker sends at a time (one SMTP connection each). */
const BATCH = 5;

/**
 * The outbox (docs/decisions/019-outbox-and-jobs.md). With SMTP_URL every copy runs a worker that takes
 * send jobs from the job engine, sends each queued mail once and records it; a refused send is retried
 * with backoff (MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_LIMIT) and then kept as failed. Without SMTP (not
 * in production) the local mailbox is the transport: a mail is `sent` when its transaction commits.
 */
export async function createMailer(deps: {
  db: Db;
  env: Env;
  clock: Clock;
  log: Logger;
  jobs: JobEngine;
}): Promise<Mailer> {
  const { db, env, clock, log, jobs } = deps;
  // Production never pretends to send: registration would report success while the mail went nowhere.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) throw new Error('NODE_ENV=production needs SMTP_URL.');
  // nodemailer is loaded only where SMTP is configured (the local mailbox needs none of it).
  const smtp = env.SMTP_URL ? (await import('nodemailer')).createTransport(env.SMTP_URL) : undefined;
  let workerId: string | undefined;
  if (smtp) {
    workerId = await jobs.boss.work<SendJob>(MAIL_QUEUE, { batchSize: BATCH, includeMetadata: true }, async (batch) => {
      // Fetched while this copy stops: handed back to the queue for another copy (or the next start).
      if (jobs.stopping()) throw new Error('server stopping');
      await sendBatch({ db, env, clock, log, boss: jobs.boss, smtp }, batch);
      // A full batch: more may be waiting, so fetch again at once instead of after JOB_POLL_SECONDS.
      if (batch.length === BATCH && workerId) jobs.boss.notifyWorker(workerId);
    });
  }
  const sendOptions = {
    retryLimit: env.MAIL_RETRY_LIMIT,
    retryDelay: env.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: env.MAIL_SEND_TIMEOUT_SECONDS,
  };
  return {
    mailboxEnabled: !smtp && env.NODE_ENV !== 'production',
    async enqueue(tx, mail, options = {}) {
      const id = newId();
      const now = clock();
      const status: MailStatus = options.held ? 'held' : smtp ? 'queued' : 'sent';
      await tx.insert(mailOutbox).values({
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.links,
        transport: smtp ? 'smtp' : 'outbox',
        status,
        createdAt: now,
        sentAt: status === 'sent' ? now : null,
        businessid: options.businessid ?? null,
        toStranger: options.toStranger ?? false,
      });
      if (mail.attachments?.length) {
        await tx.insert(mailAttachments).values(mail.attachments.map((a) => ({ id: newId(), mailId: id, ...a })));
      }
      if (status === 'queued') {
        await jobs.boss.send(MAIL_QUEUE, { mailId: id } satisfies SendJob, {
          ...sendOptions,
          id,
          db: transactionSql(tx),
        });
      }
      return id;
    },
    wake() {
      if (workerId) jobs.boss.notifyWorker(workerId);
    },
  };
}

/**
 * One batch of send jobs. A mail already `sent` is skipped (its job ran before and its completion was
 * not recorded); a refused one is recorded and failed back to the engine, which retries it later, or,
 * after its last retry, kept as `failed`. The batch's other jobs are completed by the engine.
 */
async function sendBatch(
  deps: { db: Db; env: Env; clock: Clock; log: Logger; boss: PgBoss; smtp: Transporter },
  batch: PgBoss.JobWithMetadata<SendJob>[],
) {
  const { db, env, clock, log, boss, smtp } = deps;
  const ids = batch.map((job) => job.data.mailId);
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'queued')));
  const files = rows.length
    ? await db
        .select()
        .from(mailAttachments)
        .where(
          inArray(
            mailAttachments.mailId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  await Promise.all(
    batch.map(async (job) => {
      const row = rows.find((r) => r.id === job.data.mailId);
      if (!row) return;
      try {
        await smtp.sendMail({
          from: env.MAIL_FROM,
          to: row.to,
          subject: row.subject,
          text: row.text,
          // One mail, one Message-ID: a retry after an unrecorded send is recognisable as the same mail.
          messageId: `<${row.id}@business-portal>`,
          attachments: files
            .filter((f) => f.mailId === row.id)
            .map(({ filename, contentType, content }) => ({ filename, contentType, content })),
        });
      } catch (cause) {
        const error = cause instanceof Error ? cause.message : String(cause);
        const last = job.retryCount >= job.retryLimit;
        log.error(`mail ${row.id} ${last ? 'failed for good' : 'refused, will retry'}: ${error}`);
        await db
          .update(mailOutbox)
          .set({ attempts: job.retryCount + 1, error, status: last ? 'failed' : 'queued' })
          .where(eq(mailOutbox.id, row.id));
        await boss.fail(MAIL_QUEUE, job.id, { message: error });
        return;
      }
      await db
        .update(mailOutbox)
        .set({ attempts: job.retryCount + 1, error: null, status: 'sent', sentAt: clock() })
        .where(eq(mailOutbox.id, row.id));
    }),
  );
}
