/**
 * Housekeeping on the job engine (docs/decisions/019-outbox-and-jobs.md): scheduled every 15 minutes;
 * a run deletes uploads no post uses 24 hours on, expired rate-limit windows and sign-in challenges,
 * and links and refresh tokens a week after they expired. Run here through the engine's own queue.
 */
import { count, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, media, rateLimits, uploadTargets } from '#server/db/schema.ts';
import { QUEUES } from '#server/jobs/engine.ts';
import { HOUSEKEEPING_CRON } from '#server/jobs/housekeeping.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { png, uploadImage } from './support/images.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';

const HOUR = 3_600_000;
const clock = testClock();
let server: TestServer;
let owner: SignedInOwner;
beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { JOB_POLL_SECONDS: '1', LOG_REQUESTS: 'false' } });
  owner = await signedInOwner(server, { email: 'keeper@example.com', businessName: 'Keeper Cafe' });
});
afterAll(() => server?.stop());

const db = () => server.deps.db;
const rows = async (table: typeof media | typeof uploadTargets | typeof rateLimits | typeof accountTokens) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

/** One housekeeping job through the engine, as the schedule sends it; its result. */
async function runHousekeeping() {
  const { boss } = server.deps.jobs;
  const id = await boss.send(QUEUES.housekeeping, {});
  await expect
    .poll(async () => (await boss.getJobById(QUEUES.housekeeping, id!))?.state, { timeout: 20_000 })
    .toBe('completed');
  return (await boss.getJobById(QUEUES.housekeeping, id!))!.output as Record<string, number>;
}

describe('housekeeping', { timeout: 60_000 }, () => {
  it('is scheduled on the job engine every 15 minutes', async () => {
    const schedules = await server.deps.jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([QUEUES.housekeeping, HOUSEKEEPING_CRON]);
  });

  it('deletes uploads no post uses after 24 hours, keeps used ones and recent ones, and expired windows', async () => {
    const used = await uploadImage(server, owner.token, png());
    const unused = await uploadImage(server, owner.token, png());
    const made = await server.api('POST', `/api/businesses/${owner.businessid}/posts`, {
      token: owner.token,
      body: { content: 'With a photo', imageUrl: used.key },
    });
    expect(made.status).toBe(201);
    // A target asked for and never uploaded to.
    const target = await server.api('GET', '/api/posts/upload-url?filename=x&fileType=image%2Fpng', {
      token: owner.token,
    });
    const { key: neverUploaded } = (await target.json()) as { key: string };
    expect(await rows(rateLimits)).toBeGreaterThan(0);

    // Within the day nothing of the owner's is touched.
    clock.advance(23 * HOUR);
    const early = await runHousekeeping();
    expect(early.uploads).toBe(0);
    expect((await server.request(`/media/${unused.key}`)).status).toBe(200);

    clock.advance(2 * HOUR);
    const late = await runHousekeeping();
    expect(late.uploads).toBe(2);
    expect((await server.request(`/media/${unused.key}`)).status).toBe(404);
    expect((await server.request(`/media/${used.key}`)).status).toBe(200);
    const keys = (await db().select({ key: media.key }).from(media)).map((r) => r.key);
    expect(keys).toEqual([used.key]);
    const targets = await db().select().from(uploadTargets).where(eq(uploadTargets.key, neverUploaded));
    expect(targets).toEqual([]);
    // The hour-long windows of the sign-up and sign-in are gone; a sign-in's "known source" mark (longer) stays.
    expect(early.rateLimits).toBeGreaterThan(0);
    const expired = await db().select().from(rateLimits).where(lte(rateLimits.resetAt, clock.clock()));
    expect(expired).toEqual([]);
  });

  it('deletes e-mail links a week after they expired, not before', async () => {
    const register = await server.api('POST', '/api/public/register', {
      body: {
        firstName: 'Ada',
        lastName: 'Lee',
        email: 'ada.keep@example.com',
        password: 'Keeper#Links1',
        businessName: 'Ada',
      },
    });
    expect(register.status).toBe(201);
    const before = await rows(accountTokens);
    clock.advance(24 * HOUR + 6 * 24 * HOUR);
    await runHousekeeping();
    expect(await rows(accountTokens)).toBe(before);
    clock.advance(2 * 24 * HOUR);
    const purged = await runHousekeeping();
    expect(purged.accountTokens).toBe(before);
    expect(await rows(accountTokens)).toBe(0);
  });
});
