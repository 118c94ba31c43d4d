/**
 * What the outbox costs and delivers (issue 22, docs/decisions/019-outbox-and-jobs.md), each beside its
 * floor in the same run, against one in-process SMTP server (scripts/lib/smtp-sink.ts):
 * - throughput: mails a minute sent by the job engine's worker, for a burst written in one
 *   transaction, beside bare nodemailer sends to the same SMTP server (one connection per mail, as the
 *   worker makes them, in batches of the same size);
 * - idle delay: from the commit of one mail (enqueue + wake) to its arrival at the SMTP server, beside
 *   one bare send;
 * - registration: POST /api/public/register latency, which no longer includes SMTP.
 * Usage: npm run bench:mail [-- --burst 200 --idle 20 --registrations 20]
 * With BENCH_DATABASE_URL=postgres://…/db it runs on a fresh PostgreSQL database (dropped after).
 * Only a quiet machine gives figures worth writing down (docs/benchmarks.md is the lead's).
 */
import { parseArgs } from 'node:util';
import { createTransport } from 'nodemailer';
import { benchApp } from './lib/bench-app.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';

const { values } = parseArgs({
  options: { burst: { type: 'string' }, idle: { type: 'string' }, registrations: { type: 'string' } },
});
const BURST = Number(values.burst ?? 200);
const IDLE = Number(values.idle ?? 20);
const REGISTRATIONS = Number(values.registrations ?? 20);

const sink = await startSmtpSink();
const { deps, db, server, database, scratch } = await benchApp({
  env: { SMTP_URL: sink.url, SIGNUP_LIMIT_PER_HOUR: '100000', JOB_POLL_SECONDS: '1' },
});

const mail = (n: number, tag: string) => ({
  to: `bench${n}@example.com`,
  subject: `Bench ${tag} ${n}`,
  text: 'A line of text, as a verification mail has.\n'.repeat(8),
  links: [],
});
const waitFor = async (count: number) => {
  while (sink.received.length < count) await new Promise((resolve) => setTimeout(resolve, 1));
};
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const p95 = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.95))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

// --- floor: bare nodemailer sends, 5 at a time (the worker's batch), a new connection each
const bare = createTransport(sink.url);
const bareStart = performance.now();
for (let n = 0; n < BURST; n += 5) {
  await Promise.all(
    Array.from({ length: Math.min(5, BURST - n) }, (_, i) =>
      bare.sendMail({ from: deps.env.MAIL_FROM, ...mail(n + i, 'bare') }),
    ),
  );
}
const bareSeconds = (performance.now() - bareStart) / 1000;
const bareOne: number[] = [];
for (let n = 0; n < IDLE; n++) {
  const start = performance.now();
  await bare.sendMail({ from: deps.env.MAIL_FROM, ...mail(n, 'bare-idle') });
  bareOne.push(performance.now() - start);
}
let expected = sink.received.length;

// --- the worker: a burst written in one transaction, then woken
const burstStart = performance.now();
await db.transaction(async (tx) => {
  for (let n = 0; n < BURST; n++) await deps.mailer.enqueue(tx, mail(n, 'burst'));
});
deps.mailer.wake();
const committed = performance.now();
expected += BURST;
await waitFor(expected);
const workerSeconds = (performance.now() - committed) / 1000;
const enqueueSeconds = (committed - burstStart) / 1000;

// --- idle delay: one mail at a time, commit to arrival
const idle: number[] = [];
for (let n = 0; n < IDLE; n++) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await db.transaction((tx) => deps.mailer.enqueue(tx, mail(n, 'idle')));
  const start = performance.now();
  deps.mailer.wake();
  expected += 1;
  await waitFor(expected);
  idle.push(sink.receivedAt[expected - 1]! - start);
}

// --- registration latency (the mail is written, not sent, before the answer)
const registration: number[] = [];
for (let n = 0; n < REGISTRATIONS; n++) {
  const start = performance.now();
  const answer = await fetch(new URL('/api/public/register', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Owner',
      email: `register${n}@example.com`,
      password: 'Bench#Register26',
      businessName: `Bench ${n}`,
    }),
  });
  registration.push(performance.now() - start);
  if (answer.status !== 201) throw new Error(`registration answered ${answer.status}: ${await answer.text()}`);
}
await waitFor(expected + REGISTRATIONS);

console.log(`Mail benchmark (${database.kind}; ${BURST} mails a burst, ${IDLE} one at a time, ${REGISTRATIONS} registrations)
  worker throughput      ${Math.round((BURST / workerSeconds) * 60)} mails/min   (enqueue of the burst: ${enqueueSeconds.toFixed(2)} s in one transaction)
  floor: bare SMTP       ${Math.round((BURST / bareSeconds) * 60)} mails/min   (nodemailer, 5 at a time, same SMTP server)
  idle commit → SMTP     median ${ms(median(idle))}, p95 ${ms(p95(idle))}
  floor: one bare send   median ${ms(median(bareOne))}, p95 ${ms(p95(bareOne))}
  registration           median ${ms(median(registration))}, p95 ${ms(p95(registration))}   (includes the SRP verifier; no SMTP)
  before the outbox      about median ${ms(median(registration) + median(bareOne))}   (registration + one bare send: it waited for SMTP; an estimate, run the parent commit for the real figure)`);

await server.close();
await database.close();
await scratch?.drop();
await sink.close();
