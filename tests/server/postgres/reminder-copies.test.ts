/**
 * Reminders on two copies of the server on one PostgreSQL (docs/decisions/024-booking-mails-and-reminders.md):
 * both copies run the reminders' sweep on the job engine at the same moment (their schedule, and the
 * jobs sent here), on one moved clock; each booking's reminder is written once, none for a cancelled one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { boot, listen } from '../../../server/boot.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { bookings, mailOutbox } from '../../../server/db/schema.ts';
import { defaultEnv } from '../../../server/env.ts';
import { QUEUES } from '../../../server/jobs/engine.ts';
import { notifyBookingCancelled } from '../../../server/routes/bookings/booking-notices.ts';
import { emptyPostgresDatabase, type TestServer, testClock } from '../harness.ts';
import { httpClient } from '../support/http.ts';
import { signedInOwner } from '../support/signed-in.ts';

const quiet = { info: () => {}, error: () => {} };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const HOUR = 3_600_000;
// Monday 23 November 2026, 12:00 UTC; the business is in London, open 09:00-17:00 every day.
const clock = testClock(Date.parse('2026-11-23T12:00:00Z'));

describe('reminders on two copies of the server', { timeout: 120_000 }, () => {
  it('writes each booking reminder once when both copies sweep at once, and none for a cancelled booking', async () => {
    const empty = await emptyPostgresDatabase();
    cleanups.push(empty.drop);
    const env = defaultEnv({
      NODE_ENV: 'test',
      LOG_REQUESTS: 'false',
      JOB_POLL_SECONDS: '1',
      STRANGER_MAILS_PER_HOUR_FREE: '1000',
      STRANGER_MAILS_PER_DAY_FREE: '1000',
    });
    const copy = async () => {
      const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 4 });
      const { app, deps } = await boot({ env, database, clock: clock.clock, log: quiet });
      const listening = await listen(app.fetch, 0, '127.0.0.1');
      cleanups.push(async () => {
        await listening.close();
        await database.close();
      });
      return { ...listening, ...httpClient(listening.url), env, deps, database };
    };
    const [a, b] = await Promise.all([copy(), copy()]);
    const owner = await signedInOwner(a as unknown as TestServer, {
      email: 'copies@example.com',
      businessName: 'Copies Cafe',
      timezone: 'Europe/London',
    });
    const made = await a.api('POST', '/api/booking-resources', {
      token: owner.token,
      body: { resourcename: 'Bench', capacity: 20 },
    });
    const { resourceid } = (await made.json()) as { resourceid: string };
    for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
      await a.api('POST', '/api/availability', {
        token: owner.token,
        body: { resourceid, dayofweek, starttime: '09:00', endtime: '17:00' },
      });
    }
    // Ten bookings on Wednesday 25 November, half through each copy; one is cancelled.
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const start = new Date(Date.parse('2026-11-25T09:00:00Z') + (i % 8) * HOUR);
      const answer = await (i % 2 ? a : b).api('POST', '/api/bookings', {
        token: owner.token,
        body: {
          resourceid,
          customerEmail: `guest${i}@example.com`,
          bookingstarttime: start.toISOString(),
          bookingendtime: new Date(start.getTime() + HOUR).toISOString(),
          partysize: 1,
          notes: '',
        },
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
      ids.push(((await answer.json()) as { data: { bookingid: string } }).data.bookingid);
    }
    const cancelled = ids[0]!;
    await a.deps.db.transaction(async (tx) => {
      const now = clock.clock();
      await tx.update(bookings).set({ cancelledAt: now }).where(eq(bookings.bookingid, cancelled));
      await notifyBookingCancelled(
        tx,
        { bookingid: cancelled, businessid: owner.businessid, reason: null, by: 'owner', now },
        { env: a.env, mailer: a.deps.mailer },
      );
    });

    // A day before the last of them: every reminder is due. Both copies sweep, several times at once.
    clock.set(Date.parse('2026-11-24T17:00:00Z'));
    const sent = await Promise.all(
      [a, b, a, b, a, b].map((copy) => copy.deps.jobs.boss.send(QUEUES.reminders, {}).then((id) => ({ copy, id }))),
    );
    for (const { copy, id } of sent) {
      await expect
        .poll(async () => (await copy.deps.jobs.boss.getJobById(QUEUES.reminders, id!))?.state, { timeout: 30_000 })
        .toBe('completed');
    }
    const reminders = await a.deps.db.select().from(mailOutbox);
    const remindedTo = reminders.filter((m) => m.subject.startsWith('Reminder:')).map((m) => m.to);
    expect(remindedTo.sort()).toEqual(Array.from({ length: 9 }, (_, i) => `guest${i + 1}@example.com`).sort());
  });
});
