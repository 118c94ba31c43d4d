import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Logger } from '../middleware/request-log.ts';
import { sweepReminders } from '../routes/bookings/booking-notices.ts';
import { type JobEngine, QUEUES } from './engine.ts';

/** Every minute (pg-boss's finest schedule), on whichever copy takes the job. */
export const REMINDERS_CRON = '* * * * *';

/**
 * Booking reminders on the job engine (docs/decisions/024-booking-mails-and-reminders.md): a schedule
 * sends one sweep job a minute; the sweep writes each due reminder's mail once (a conditional update
 * in the mail's transaction), so two sweeps at once, on one copy or two, write each reminder once.
 */
export async function startReminders(deps: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  jobs: JobEngine;
}): Promise<void> {
  const { jobs, log } = deps;
  await jobs.boss.work(QUEUES.reminders, async () => {
    const reminded = await sweepReminders({ db: deps.db, env: deps.env, mailer: deps.mailer, now: deps.clock() });
    if (reminded) log.info(`reminders: ${reminded} written`);
    return { reminded };
  });
  await jobs.boss.schedule(QUEUES.reminders, REMINDERS_CRON);
}
