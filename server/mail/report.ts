import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailReportRow = {
  id: string;
  status: string;
  to: string;
  subject: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  error: string | null;
};

/** The newest mails of the outbox with their state, and how many of each state there are (npm run users -- mail). */
export async function mailReport(db: Db, limit = 50) {
  const rows: MailReportRow[] = await db
    .select({
      id: mailOutbox.id,
      status: mailOutbox.status,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      error: mailOutbox.error,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  const counts = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return { rows, counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Record<string, number> };
}

/** The report as lines for a terminal: one line per mail, its state first. */
export function formatMailReport(report: Awaited<ReturnType<typeof mailReport>>): string[] {
  const states = ['queued', 'sent', 'failed', 'held'];
  const lines = [`Mail: ${states.map((s) => `${report.counts[s] ?? 0} ${s}`).join(', ')} (newest first)`];
  for (const row of report.rows) {
    const when = (row.sentAt ?? row.createdAt).toISOString();
    const tries = row.attempts ? `, ${row.attempts} attempt${row.attempts === 1 ? '' : 's'}` : '';
    lines.push(`${row.status.padEnd(6)}  ${when}  ${row.to}  "${row.subject}"${tries}`);
    if (row.error && row.status !== 'sent') lines.push(`        last error: ${row.error}`);
  }
  return lines;
}
