/**
 * No relay (issue 22, server/mail/relay.ts): booking mails carry the owner's text, so mails to strangers
 * (addresses that do not follow the business) are limited per business, an hour and a day, stricter on
 * Free. Past the limit the booking is made, the mail is held and the owner told why (`mailHeld`). The
 * subject never carries a link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHeldText } from '#contracts/bookings.ts';
import { SUBJECT_TEXT_MAX, subjectText } from '#server/routes/bookings/booking-mails.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { follow } from './support/customers.ts';
import { mailbox } from './support/mailbox.ts';
import { type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';

// Monday 23 November 2026, 08:00 UTC; the business is in London and open 09:00-17:00 every day.
const clock = testClock(Date.parse('2026-11-23T08:00:00Z'));
const HOUR = 3_600_000;
let server: TestServer;
let owner: SignedInOwner;
let chair: string;
beforeAll(async () => {
  server = await startTestServer({
    clock: clock.clock,
    env: {
      TRUST_PROXY: 'true',
      ACCESS_TOKEN_TTL: '86400',
      LOG_REQUESTS: 'false',
      STRANGER_MAILS_PER_HOUR_FREE: '3',
      STRANGER_MAILS_PER_DAY_FREE: '5',
    },
  });
  await server.deps.db.execute(`update packages set bookable_resources_limit = 10 where name = 'Free'`);
  owner = await signedInOwner(server, {
    email: 'phish@example.com',
    businessName: 'Security Team: reset your password at http://evil.example/login now',
    timezone: 'Europe/London',
  });
  chair = await resource('Chair');
});
afterAll(() => server?.stop());

async function resource(resourcename: string) {
  const made = await server.api('POST', '/api/booking-resources', {
    token: owner.token,
    body: { resourcename, capacity: 50 },
  });
  const { resourceid } = (await made.json()) as { resourceid: string };
  for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
    await server.api('POST', '/api/availability', {
      token: owner.token,
      body: { resourceid, dayofweek, starttime: '09:00', endtime: '17:00' },
    });
  }
  return resourceid;
}

let day = 0;
/** A booking on the next day at 10:00 London (always open, always in the future). */
const book = async (customerEmail: string, resourceid = chair) => {
  day++;
  const start = new Date(Date.parse('2026-12-01T10:00:00Z') + day * 24 * HOUR);
  const answer = await server.api('POST', '/api/bookings', {
    token: owner.token,
    body: {
      resourceid,
      customerEmail,
      bookingstarttime: start.toISOString(),
      bookingendtime: new Date(start.getTime() + HOUR).toISOString(),
      partysize: 1,
      notes: '',
    },
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as { data: { bookingid: string }; mailHeld?: string };
};

const statusOf = async (to: string) => (await mailbox(server)).filter((m) => m.to === to).map((m) => m.status);

describe('mail to strangers', { timeout: 60_000 }, () => {
  it('holds confirmations past the hourly limit, says why, and still mails followers', async () => {
    for (const n of [1, 2, 3]) expect((await book(`guest${n}@outside.example`)).mailHeld).toBeUndefined();
    const fourth = await book('guest4@outside.example');
    expect(fourth.data.bookingid).toEqual(expect.any(String));
    expect(fourth.mailHeld).toBe(mailHeldText(1, 3, 'hour'));
    expect(await statusOf('guest4@outside.example')).toEqual(['held']);
    expect(await statusOf('guest1@outside.example')).toEqual(['sent']);

    // A follower is no stranger: mailed whatever the count.
    const fan = await signedInCustomer(server, { email: 'fan@example.com' });
    expect((await follow(server, fan, owner.businessid)).status).toBeLessThan(300);
    expect((await book('fan@example.com')).mailHeld).toBeUndefined();
    expect(await statusOf('fan@example.com')).toContain('sent');

    // The next hour has room again, until the day's limit (5) is reached.
    clock.advance(HOUR + 1000);
    expect((await book('guest5@outside.example')).mailHeld).toBeUndefined();
    expect((await book('guest6@outside.example')).mailHeld).toBeUndefined();
    expect((await book('guest7@outside.example')).mailHeld).toBe(mailHeldText(1, 5, 'day'));
  });

  it('holds the cancellations of a deleted resource to strangers past the limit, and says how many', async () => {
    const room = await resource('Room');
    const fan = 'fan@example.com';
    await book('late1@outside.example', room);
    await book('late2@outside.example', room);
    await book(fan, room);
    const deleted = await server.api('DELETE', `/api/booking-resources/${room}?cancelFutureBookings=true`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    const answer = (await deleted.json()) as { message: string; mailHeld?: string };
    expect(answer.message).toBe('Resource deleted; 3 bookings cancelled.');
    expect(answer.mailHeld).toBe(mailHeldText(2, 5, 'day'));
    const cancellations = (await mailbox(server)).filter((m) => m.subject.includes('cancelled'));
    expect(cancellations.filter((m) => m.status === 'sent').map((m) => m.to)).toEqual([fan]);
  });

  it("puts the owner's name in the subject bounded, quoted and never as a link", async () => {
    const [mail] = await mailbox(server);
    expect(mail!.subject).toBe('Your booking at “Security Team reset your password at…” was cancelled');
    for (const name of [
      'Visit www.evil.example today',
      'http://evil.example/login',
      'evil.example',
      'a@evil.example',
      'EVIL．EXAMPLE',
      `Bob's Barbers ${'x'.repeat(200)}`,
    ]) {
      const subject = subjectText(name);
      expect(subject).not.toMatch(/https?|www|:\/\/|[\p{L}\p{N}][.．][\p{L}\p{N}]|@|\//iu);
      expect(subject.length).toBeLessThanOrEqual(SUBJECT_TEXT_MAX + 3);
    }
    expect(subjectText("Bob's Barbers")).toBe("“Bob's Barbers”");
  });
});
