import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '#contracts/password.ts';
import { INVITATION_DAYS, INVITATIONS_PER_HOUR, PENDING_INVITATIONS, TEAM_TEXTS } from '#contracts/team.ts';
import { ACCOUNT_EXISTS } from '../../server/routes/team/invitations.routes.ts';
import { secondCopy, startTestServer, testClock } from './harness.ts';
import { cognitoCall, srpSignIn, srpTokens } from './support/amplify.ts';
import { follow } from './support/customers.ts';
import { mailbox } from './support/mailbox.ts';
import { CUSTOMER_PASSWORD, type SignedInOwner, signedInCustomer, signedInOwner } from './support/signed-in.ts';
import { accept, invitationToken, invite, MEMBER_PASSWORD, signedInMember } from './support/team.ts';
import { voucherBody } from './support/vouchers.ts';

/** The team (decision 026): invitations, acceptance, roles, removal, as owners and members meet them. */

const HOUR = 3_600_000;
const time = testClock();
const server = await startTestServer({ clock: time.clock });
let owner: SignedInOwner;
let rival: SignedInOwner;
afterAll(() => server.stop());

beforeAll(async () => {
  owner = await signedInOwner(server, { email: 'olive@example.com', businessName: 'Olive Oven' });
  rival = await signedInOwner(server, { email: 'rex@example.com', businessName: 'Rex Roast' });
});

const team = async (token = owner.token) => {
  const answer = await server.api('GET', '/api/businesses/me/team', { token });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Array<Record<string, any>>;
};
const check = (token: string) => server.api('POST', '/api/public/invitations/check', { body: { token } });
const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await server.deps.db.execute(query)) as unknown as { rows: R[] }).rows as [R, ...R[]];
const usersWith = async (email: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = ${email}`))[0].n;
/**
 * A new hour: the hourly invitation limit starts again (tests are independent of each other's
 * invitations); the owners sign in again, as their access tokens last an hour.
 */
const nextHour = async () => {
  time.advance(HOUR + 1000);
  for (const who of [owner, rival]) await signInAgain(who);
};
const signInAgain = async (who: SignedInOwner) => {
  who.token = (await srpTokens(server, who.email, who.password)).AccessToken;
};

describe('inviting, accepting, signing in', () => {
  it('mails a link that the page can check without spending, accepts once, and the member signs in with their role', async () => {
    const invited = await invite(server, owner.token, 'Sam@Example.com', 'staff');
    expect(invited.status).toBe(201);
    expect(await invited.json()).toEqual({ message: TEAM_TEXTS.invited('sam@example.com') });
    const token = await invitationToken(server, 'sam@example.com');
    const waiting = (await team()).find((row) => row.email === 'sam@example.com')!;
    expect(waiting).toMatchObject({ status: 'invited', role: 'staff', userid: null, joinedat: null });
    expect(waiting.invitationid).toMatch(/^[0-9a-f-]{36}$/);

    for (let i = 0; i < 2; i++) {
      const checked = await check(token);
      expect(checked.status).toBe(200);
      expect(await checked.json()).toEqual({ businessname: 'Olive Oven', email: 'sam@example.com', role: 'staff' });
    }
    // The password rule of registration, with the invitation's address: refused, the link still usable.
    const weak = await accept(server, token, { password: 'SAM@example.com' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ message: PASSWORD_MESSAGES.sameAsEmail });
    expect((await check(token)).status).toBe(200);

    const accepted = await accept(server, token, { firstName: 'Sam', lastName: 'Lee' });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual({ message: TEAM_TEXTS.accepted });
    const { AccessToken } = await srpTokens(server, 'sam@example.com', MEMBER_PASSWORD);
    const me = await server.api('GET', '/api/users/me', { token: AccessToken });
    expect(await me.json()).toMatchObject({ email: 'sam@example.com', firstname: 'Sam', role: 'staff' });
    const business = await server.api('GET', '/api/businesses/me', { token: AccessToken });
    expect((await business.json()).businessid).toBe(owner.businessid);

    const rows = await team();
    expect(rows.filter((row) => row.email === 'sam@example.com')).toEqual([
      expect.objectContaining({
        status: 'active',
        role: 'staff',
        firstname: 'Sam',
        lastname: 'Lee',
        invitationid: null,
      }),
    ]);
    expect(rows[0]).toMatchObject({ email: 'olive@example.com', role: 'owner', status: 'active' });
    const ownerMe = await server.api('GET', '/api/users/me', { token: owner.token });
    expect((await ownerMe.json()).role).toBe('owner');

    // Used: refused on the check and on a second accept, with the plain message.
    for (const answer of [await check(token), await accept(server, token)]) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: TEAM_TEXTS.invalidInvitation });
    }
  });

  it('makes one account of two accepts of the same link at once', async () => {
    await nextHour();
    expect((await invite(server, owner.token, 'twice@example.com', 'manager')).status).toBe(201);
    const token = await invitationToken(server, 'twice@example.com');
    const answers = await Promise.all([accept(server, token), accept(server, token), accept(server, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(await usersWith('twice@example.com')).toBe(1);
  });

  it('refuses an expired link, and a resend makes a new one valid from now while the old one stops', async () => {
    await nextHour();
    expect((await invite(server, owner.token, 'late@example.com', 'staff')).status).toBe(201);
    const old = await invitationToken(server, 'late@example.com');
    time.advance(INVITATION_DAYS * 24 * HOUR);
    await nextHour();
    expect((await check(old)).status).toBe(400);
    // Expired invitations no longer wait in the list; the owner can still send the same one again.
    const [{ invitationid }] = await rows<{ invitationid: string }>(
      sql`select invitationid from team_invitations where email = 'late@example.com'`,
    );
    const resent = await server.api('POST', `/api/businesses/me/team/invitations/${invitationid}/resend`, {
      token: owner.token,
    });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ message: TEAM_TEXTS.resent });
    const fresh = await invitationToken(server, 'late@example.com');
    expect(fresh).not.toBe(old);
    expect((await check(old)).status).toBe(400);
    expect((await check(fresh)).status).toBe(200);
  });

  it('revokes: the link stops working, the row leaves the list, a second revoke is 404', async () => {
    await nextHour();
    expect((await invite(server, owner.token, 'gone@example.com', 'staff')).status).toBe(201);
    const token = await invitationToken(server, 'gone@example.com');
    const { invitationid } = (await team()).find((row) => row.email === 'gone@example.com')!;
    const path = `/api/businesses/me/team/invitations/${invitationid}`;
    const revoked = await server.api('DELETE', path, { token: owner.token });
    expect(await revoked.json()).toEqual({ message: TEAM_TEXTS.revoked });
    expect((await check(token)).status).toBe(400);
    expect((await accept(server, token)).status).toBe(400);
    expect((await team()).some((row) => row.email === 'gone@example.com')).toBe(false);
    const again = await server.api('DELETE', path, { token: owner.token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Invitation not found.' });
  });
});

describe('another business, an address that has an account', () => {
  it("answers another business's invitation and member ids exactly like unknown ones", async () => {
    await nextHour();
    expect((await invite(server, owner.token, 'mine@example.com', 'staff')).status).toBe(201);
    const { invitationid } = (await team()).find((row) => row.email === 'mine@example.com')!;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['DELETE', `/api/businesses/me/team/invitations/${invitationid}`],
      ['POST', `/api/businesses/me/team/invitations/${invitationid}/resend`],
      ['PUT', `/api/businesses/me/team/${owner.userid}`],
      ['DELETE', `/api/businesses/me/team/${owner.userid}`],
    ] as const) {
      const body = method === 'PUT' ? { role: 'staff' } : undefined;
      const theirs = await server.api(method, path, { token: rival.token, body });
      const nothing = await server.api(method, path.replace(/[0-9a-f-]{36}/, unknown), { token: rival.token, body });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(await theirs.text()).toBe(await nothing.text());
    }
    expect((await team()).find((row) => row.email === 'mine@example.com')).toBeDefined();
    expect((await team()).find((row) => row.userid === owner.userid)?.role).toBe('owner');
  });

  it('gives the same 201 for an address with an account, mails it that it cannot join, and never lets a link set its password', async () => {
    await nextHour();
    const customer = await signedInCustomer(server, { email: 'cara@example.com' });
    for (const email of [customer.email, rival.email]) {
      const answer = await invite(server, owner.token, email, 'staff');
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ message: TEAM_TEXTS.invited(email) });
      const mail = (await mailbox(server)).find((m) => m.to === email && m.subject.startsWith('About your invitation'));
      expect(mail?.text).toContain('An account already exists for this address');
      expect(mail?.links).toEqual([]);
    }
    expect((await team()).some((row) => [customer.email, rival.email].includes(row.email))).toBe(false);

    // Invited while it had none, then the address got an account: the link cannot take it over.
    expect((await invite(server, owner.token, 'later@example.com', 'manager')).status).toBe(201);
    const token = await invitationToken(server, 'later@example.com');
    await signedInCustomer(server, { email: 'later@example.com' });
    const refused = await accept(server, token, { password: 'Taken#Over2026' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: ACCOUNT_EXISTS });
    expect((await srpSignIn(server, 'later@example.com', CUSTOMER_PASSWORD)).AuthenticationResult).toBeDefined();
    expect(await usersWith('later@example.com')).toBe(1);
  });
});

describe('the last owner, and the limits', () => {
  it('keeps at least one owner: not demoted, not removed, not even by two owners demoting each other at once', async () => {
    await nextHour();
    const self = `/api/businesses/me/team/${owner.userid}`;
    for (const answer of [
      await server.api('PUT', self, { token: owner.token, body: { role: 'manager' } }),
      await server.api('DELETE', self, { token: owner.token }),
    ]) {
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ message: TEAM_TEXTS.lastOwner });
    }
    const founder = await signedInOwner(server, { email: 'una@example.com', businessName: 'Una Ices' });
    const second = await signedInMember(server, founder.token, { email: 'ugo@example.com', role: 'owner' });
    const answers = await Promise.all([
      server.api('PUT', `/api/businesses/me/team/${second.userid}`, { token: founder.token, body: { role: 'staff' } }),
      server.api('PUT', `/api/businesses/me/team/${founder.userid}`, { token: second.token, body: { role: 'staff' } }),
    ]);
    // The loser is refused by the lock (409), or, if the winner committed before its guard ran, by its new role (403).
    expect(answers.map((a) => a.status).sort()[0]).toBe(200);
    expect([403, 409]).toContain(answers.map((a) => a.status).sort()[1]);
    const owners = (await team(answers[0]!.status === 200 ? founder.token : second.token)).filter(
      (row) => row.role === 'owner',
    );
    expect(owners).toHaveLength(1);
  });

  it(`refuses the ${INVITATIONS_PER_HOUR + 1}th invitation of an hour (resends count) and the ${PENDING_INVITATIONS + 1}th waiting`, async () => {
    await nextHour();
    const busy = await signedInOwner(server, { email: 'bea@example.com', businessName: 'Bea Busy' });
    for (let i = 0; i < INVITATIONS_PER_HOUR - 1; i++) {
      expect((await invite(server, busy.token, `h${i}@example.com`, 'staff')).status).toBe(201);
    }
    const { invitationid } = (await team(busy.token)).find((row) => row.status === 'invited')!;
    const resend = `/api/businesses/me/team/invitations/${invitationid}/resend`;
    expect((await server.api('POST', resend, { token: busy.token })).status).toBe(200);
    for (const answer of [
      await invite(server, busy.token, 'over@example.com', 'staff'),
      await server.api('POST', resend, { token: busy.token }),
    ]) {
      expect(answer.status).toBe(429);
      expect(await answer.json()).toEqual({ message: TEAM_TEXTS.tooManyInvitations });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    let made = INVITATIONS_PER_HOUR - 1;
    while (made < PENDING_INVITATIONS) {
      await nextHour();
      await signInAgain(busy);
      for (let i = 0; i < INVITATIONS_PER_HOUR && made < PENDING_INVITATIONS; i++, made++) {
        expect((await invite(server, busy.token, `p${made}@example.com`, 'staff')).status).toBe(201);
      }
    }
    await nextHour();
    await signInAgain(busy);
    const full = await invite(server, busy.token, 'one-more@example.com', 'staff');
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ message: TEAM_TEXTS.tooManyPending });
    // The same answer for an address that has an account: the limit tells nothing about addresses.
    const known = await invite(server, busy.token, rival.email, 'staff');
    expect(known.status).toBe(409);
    expect((await team(busy.token)).filter((row) => row.status === 'invited')).toHaveLength(PENDING_INVITATIONS);
  }, 120_000);
});

describe('removal and demotion, on two copies of the server', () => {
  it('take effect at the next call on the other copy: 403 below the new role, 401 once removed, no way back in', async () => {
    await nextHour();
    const other = await secondCopy(server);
    try {
      const member = await signedInMember(server, owner.token, { email: 'max@example.com', role: 'manager' });
      const tokens = await srpTokens(other, member.email, MEMBER_PASSWORD);
      const vouchers = () => other.api('GET', '/api/businesses/me/vouchers', { token: tokens.AccessToken });
      expect((await vouchers()).status).toBe(200);
      const path = `/api/businesses/me/team/${member.userid}`;
      const demoted = await server.api('PUT', path, { token: owner.token, body: { role: 'staff' } });
      expect(await demoted.json()).toEqual({ message: TEAM_TEXTS.roleChanged });
      const refused = await vouchers();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: TEAM_TEXTS.forbidden });
      const calendar = '/api/businesses/me/bookings?startDate=2030-06-03T00:00:00Z&endDate=2030-06-10T00:00:00Z';
      expect((await other.api('GET', calendar, { token: tokens.AccessToken })).status).toBe(200);

      const removed = await server.api('DELETE', path, { token: owner.token });
      expect(await removed.json()).toEqual({ message: TEAM_TEXTS.removed });
      const after = await other.api('GET', '/api/users/me', { token: tokens.AccessToken });
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
      const refresh = await cognitoCall(other, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: server.env.USER_POOL_CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
      });
      expect(refresh.status).toBe(400);
      await expect(srpTokens(other, member.email, MEMBER_PASSWORD)).rejects.toThrow();
      expect((await team()).some((row) => row.email === member.email)).toBe(false);
      // The account stays (its name in the history), disabled.
      expect(await usersWith(member.email)).toBe(1);
    } finally {
      await other.stop();
    }
  });
});

describe('who did it', () => {
  it('names the member who booked, changed, cancelled, redeemed and replied; never to the customer', async () => {
    await nextHour();
    const staff = await signedInMember(server, owner.token, {
      email: 'stella@example.com',
      role: 'staff',
      firstName: 'Stella',
    });
    const customer = await signedInCustomer(server, { email: 'cy@example.com', firstName: 'Cy' });
    expect((await follow(server, customer, owner.businessid)).status).toBe(201);
    const asOwner = async (method: string, path: string, body?: unknown) => {
      const answer = await server.api(method, path, { token: owner.token, body });
      expect(answer.status, await answer.clone().text()).toBeLessThan(300);
      return answer.json();
    };
    const { resourceid } = await asOwner('POST', '/api/booking-resources', { resourcename: 'Counter', capacity: 4 });
    await asOwner('POST', '/api/availability', { resourceid, dayofweek: 1, starttime: '09:00', endtime: '17:00' });
    const slots = await asOwner('GET', `/api/booking-availability/${resourceid}?date=2030-01-07&duration=60`);
    const [slot] = slots.data.availableSlots;
    const made = await server.api('POST', '/api/bookings', {
      token: staff.token,
      body: {
        resourceid,
        customerEmail: customer.email,
        bookingstarttime: slot.start,
        bookingendtime: slot.end,
        partysize: 1,
      },
    });
    expect(made.status).toBe(201);
    const { bookingid } = (await made.json()).data;
    const detail = async () => (await asOwner('GET', `/api/bookings/${bookingid}`)).data;
    expect(await detail()).toMatchObject({ createdby: 'Stella', changedby: null, cancelledby: null });
    const status = await server.api('PUT', `/api/bookings/${bookingid}/status`, {
      token: staff.token,
      body: { status: 'no_show' },
    });
    expect(status.status).toBe(200);
    expect(await detail()).toMatchObject({ createdby: 'Stella', changedby: 'Stella' });
    await asOwner('POST', `/api/bookings/${bookingid}/cancel`, {});
    expect(await detail()).toMatchObject({ changedby: 'Stella', cancelledby: 'Test' });

    // The customer's own booking in the app: nobody of the team made it.
    const [appSlot] = (await asOwner('GET', `/api/booking-availability/${resourceid}?date=2030-01-14&duration=60`)).data
      .availableSlots;
    const booked = await server.api('POST', '/api/customer/bookings', {
      token: customer.accessToken,
      body: {
        resourceid,
        bookingstarttime: appSlot.start,
        bookingendtime: appSlot.end,
        partysize: 1,
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const appBooking = (await booked.json()).data.bookingid;
    expect((await asOwner('GET', `/api/bookings/${appBooking}`)).data).toMatchObject({ createdby: null });

    // Redeem at the counter.
    const voucher = await asOwner(
      'POST',
      `/api/businesses/${owner.businessid}/vouchers`,
      voucherBody({ title: 'Free tea' }),
    );
    const claimed = await server.api('POST', `/api/customer/vouchers/${voucher.voucherid}/claim`, {
      token: customer.accessToken,
    });
    const { issuedvoucherid, code } = await claimed.json();
    const lookup = async () => (await asOwner('GET', `/api/redeem/lookup/${code}`)) as Record<string, unknown>;
    expect((await lookup()).redeemedby).toBeNull();
    const redeemed = await server.api('POST', `/api/issued-vouchers/${issuedvoucherid}/redeem`, { token: staff.token });
    expect(await redeemed.json()).toEqual({ message: expect.stringContaining('Free tea'), redeemedby: 'Stella' });
    expect((await lookup()).redeemedby).toBe('Stella');

    // Messages: the owner API names the writer of each business message; the customer API never does.
    const wrote = await server.api('POST', `/api/customer/businesses/${owner.businessid}/messages`, {
      token: customer.accessToken,
      body: { messageText: 'Open on Sunday?' },
    });
    const { conversationid } = await wrote.json();
    const reply = await server.api('POST', `/api/messaging/business/conversations/${conversationid}/messages`, {
      token: staff.token,
      body: { messageText: 'Yes, from ten.' },
    });
    expect((await reply.json()).sentby).toBe('Stella');
    const list = await asOwner('GET', `/api/messaging/business/conversations/${conversationid}/messages`);
    expect(list.map((m: Record<string, unknown>) => [m.sendertype, m.sentby])).toEqual([
      ['customer', null],
      ['business', 'Stella'],
    ]);
    const theirs = await server.api('GET', `/api/customer/conversations/${conversationid}/messages`, {
      token: customer.accessToken,
    });
    const text = await theirs.text();
    expect(theirs.status).toBe(200);
    expect(text).not.toContain('sentby');
    expect(text).not.toContain('Stella');
  });
});
