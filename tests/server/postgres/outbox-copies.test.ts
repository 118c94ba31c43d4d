/**
 * The outbox on several copies of the server on one PostgreSQL (docs/decisions/019-outbox-and-jobs.md):
 * every copy runs a worker on the one job queue; no mail is sent twice, and a copy that stops before
 * its mails were sent loses none (another copy sends them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../scripts/lib/smtp-sink.ts';
import { boot, listen } from '../../../server/boot.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { mailOutbox } from '../../../server/db/schema.ts';
import { defaultEnv } from '../../../server/env.ts';
import { emptyPostgresDatabase } from '../harness.ts';
import { httpClient } from '../support/http.ts';

const quiet = { info: () => {}, error: () => {} };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function setting() {
  const sink = await startSmtpSink();
  const empty = await emptyPostgresDatabase();
  cleanups.push(empty.drop, sink.close);
  const env = defaultEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SMTP_URL: sink.url,
    MAIL_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '1',
    SIGNUP_LIMIT_PER_HOUR: '1000',
  });
  const copy = async () => {
    const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 3 });
    const { app } = await boot({ env, database, log: quiet });
    const listening = await listen(app.fetch, 0, '127.0.0.1');
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await listening.close();
      await database.close();
    };
    cleanups.push(stop);
    return { ...httpClient(listening.url), database, stop };
  };
  return { sink, copy };
}

const register = (api: ReturnType<typeof httpClient>['api'], email: string) =>
  api('POST', '/api/public/register', {
    body: { firstName: 'Kim', lastName: 'Lee', email, password: 'Copies#Mail26', businessName: 'Lee Tailors' },
  });

describe('the outbox on two copies of the server', { timeout: 90_000 }, () => {
  it('sends each of 30 mails once when both copies work the one queue', async () => {
    const { sink, copy } = await setting();
    const [a, b] = await Promise.all([copy(), copy()]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => register((i % 2 ? a : b).api, `copies${i}@example.com`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(201));
    await expect.poll(() => sink.received.length, { timeout: 30_000 }).toBe(30);
    // Longer than a poll of either worker: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sink.received).toHaveLength(30);
    expect(new Set(sink.messageIds()).size).toBe(30);
    const rows = await a.database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(30);
  });

  it('loses nothing when a copy stops between enqueue and send: the other copy sends its mails', async () => {
    const { sink, copy } = await setting();
    const a = await copy();
    sink.refuseAll();
    for (let i = 0; i < 5; i++) expect((await register(a.api, `stopped${i}@example.com`)).status).toBe(201);
    await a.stop();
    expect(sink.received).toHaveLength(0);
    sink.accept();
    const b = await copy();
    await expect.poll(() => sink.received.length, { timeout: 30_000 }).toBe(5);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `stopped${i}@example.com`));
    const statuses = async () => (await b.database.db.select().from(mailOutbox)).map((row) => row.status);
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(Array(5).fill('sent'));
  });
});
