/**
 * The outbox (docs/decisions/019-outbox-and-jobs.md) against a real SMTP peer: mails are written with
 * the change that causes them and sent by the job engine's worker, retried with backoff, and kept as
 * failed when every retry is refused. Retry delays are settings: a second here, a minute by default.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import { formatMailReport, mailReport } from '#server/mail/report.ts';
import { startSmtpSink } from '../../scripts/lib/smtp-sink.ts';
import { startTestServer, type TestServer } from './harness.ts';

const FAST = { MAIL_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '1', LOG_REQUESTS: 'false' };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serverWithSink(sinkOptions: Parameters<typeof startSmtpSink>[0], env: Record<string, string> = {}) {
  const sink = await startSmtpSink(sinkOptions);
  const server = await startTestServer({ env: { ...FAST, SMTP_URL: sink.url, ...env } });
  // The sink first: a send it was stalling ends, so the server stops at once.
  cleanups.push(server.stop, sink.close);
  return { sink, server };
}

const register = (server: TestServer, email: string) =>
  server.api('POST', '/api/public/register', {
    body: { firstName: 'Ola', lastName: 'Nord', email, password: 'Outbox#Works1', businessName: 'Nord Bakery' },
  });

const outbox = (server: TestServer) => server.deps.db.select().from(mailOutbox);

describe('the outbox with SMTP', { timeout: 60_000 }, () => {
  it('an SMTP server that refuses the first attempts then accepts gets every mail exactly once', async () => {
    const { sink, server } = await serverWithSink({ refuseFirst: 4 }, { MAIL_RETRY_LIMIT: '6' });
    const addresses = ['one@example.com', 'two@example.com', 'three@example.com'];
    for (const email of addresses) expect((await register(server, email)).status).toBe(201);
    // A reset for an existing account: a fourth mail, from another route.
    expect((await server.api('POST', '/api/password-reset/request', { body: { email: addresses[0] } })).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await outbox(server)).filter((m) => m.status === 'sent').length, { timeout: 30_000 })
      .toBe(4);
    const mails = await outbox(server);
    // The refusals were real: some mail needed more than one attempt, and every attempt is counted.
    expect(mails.some((m) => m.attempts > 1)).toBe(true);
    expect(mails.every((m) => m.error === null && m.sentAt !== null)).toBe(true);
    // Each mail arrived once, under its own key (Message-ID = the outbox row's id).
    expect(sink.messageIds().sort()).toEqual(mails.map((m) => `${m.id}@business-portal`).sort());
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual([...addresses, addresses[0]].sort());
  });

  it('keeps a mail whose every retry was refused as failed, with the reason, for `npm run users -- mail`', async () => {
    const { sink, server } = await serverWithSink({ refuseFirst: Number.POSITIVE_INFINITY }, { MAIL_RETRY_LIMIT: '1' });
    expect((await register(server, 'never@example.com')).status).toBe(201);
    await expect.poll(async () => (await outbox(server))[0]?.status, { timeout: 30_000 }).toBe('failed');
    const [mail] = await outbox(server);
    expect(mail!.attempts).toBe(2);
    expect(mail!.error).toMatch(/451/);
    expect(sink.received).toHaveLength(0);
    const lines = formatMailReport(await mailReport(server.deps.db));
    expect(lines[0]).toBe('Mail: 0 queued, 0 sent, 1 failed, 0 held (newest first)');
    expect(lines[1]).toMatch(/^failed .* never@example\.com {2}"Verify your email address.*", 2 attempts$/);
    expect(lines[2]).toMatch(/last error: .*451/);
  });

  it('answers a registration while the SMTP server hangs: the request never waits for SMTP', async () => {
    const { sink, server } = await serverWithSink({ stall: true });
    const answer = await register(server, 'patient@example.com');
    expect(answer.status).toBe(201);
    const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'patient@example.com'));
    expect(mail!.status).toBe('queued');
    expect(sink.received).toHaveLength(0);
  });
});

describe('the outbox without SMTP (development)', () => {
  it('shows a mail in the mailbox as soon as the request that wrote it has answered', async () => {
    const server = await startTestServer({ env: { LOG_REQUESTS: 'false' } });
    cleanups.push(server.stop);
    expect((await register(server, 'dev@example.com')).status).toBe(201);
    const mailbox = (await (await server.request('/dev/mailbox.json')).json()) as { to: string; status: string }[];
    expect(mailbox.map((m) => [m.to, m.status])).toEqual([['dev@example.com', 'sent']]);
  });
});
