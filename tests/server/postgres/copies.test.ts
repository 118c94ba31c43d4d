/**
 * Two copies of the server behind a load balancer are one product. Two real server processes
 * (server/index.ts, as npm start runs it), started at the same moment, each with a DATA_DIR of its own,
 * on one PostgreSQL database and one S3 bucket (s3rver); every flow below alternates its requests
 * between them, as a round-robin balancer without sticky sessions would. Only the server-postgres
 * project includes tests/server/postgres/ (the embedded database is one process's).
 * README "Running several copies"; docs/decisions/016-several-copies.md.
 */
import { signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXTS } from '../../../contracts/bookings.ts';
import type { Conversation, Message } from '../../../contracts/messaging.ts';
import type { Post } from '../../../contracts/posts.ts';
import { type IssuedVoucher, type IssuedVoucherLookup, REDEEM_TEXTS } from '../../../contracts/vouchers.ts';
import type { Env } from '../../../server/env.ts';
import { LIMITS } from '../../../server/identity/context.ts';
import {
  amplifySignIn,
  CognitoCallError,
  cognitoCall,
  configureAmplify,
  srpSignIn,
  srpTokens,
} from '../support/amplify.ts';
import { COPIES_BUCKET, type Copy, startCopies } from '../support/copies.ts';
import { follow } from '../support/customers.ts';
import { png, uploadImage } from '../support/images.ts';
import { latestLink } from '../support/mailbox.ts';
import { type SignedInCustomer, signedInCustomer } from '../support/signed-in.ts';
import { createVoucher } from '../support/vouchers.ts';

type Owner = { email: string; token: string; businessid: string };

/** The load balancer's address, which every copy names in e-mail links and /config.json. */
const PUBLIC_URL = 'http://portal.example:8080';
const PASSWORD = 'Owner#Copies2026';
const EXPIRED = { message: 'Your session has expired. Please sign in again.' };

let copies: Copy[] = [];
let env: Env;
let stop = async () => {};
/** The copy a round-robin balancer sends request `i` to. */
const at = (i: number) => copies[i % copies.length]!;
let owner: Owner;
let customer: SignedInCustomer;

/** An owner exactly as the portal makes one, registered through one copy and confirmed through the other. */
async function registerOwner(email: string, businessName: string, address: string): Promise<Owner> {
  const [a, b] = [at(0), at(1)];
  const phone = { 'x-forwarded-for': address };
  const registered = await a.api('POST', '/api/public/register', {
    headers: phone,
    body: { firstName: 'Robin', lastName: 'Copies', email, password: PASSWORD, businessName },
  });
  expect(registered.status).toBe(201);
  // The mail was written by copy a; copy b's development mailbox shows it.
  const { token, link } = await latestLink(b, email, '/verify-email');
  expect(new URL(link).origin).toBe(PUBLIC_URL);
  const verified = await b.request(`/api/public/verify-email?token=${encodeURIComponent(token)}`, { headers: phone });
  expect(verified.status).toBe(200);
  // The SRP exchange starts on one copy and is answered on the other: the challenge lives in the database.
  const { AccessToken } = await srpTokens(a, email, PASSWORD, phone, b);
  const me = await a.api('GET', '/api/businesses/me', { token: AccessToken });
  expect(me.status).toBe(200);
  return { email, token: AccessToken, businessid: ((await me.json()) as { businessid: string }).businessid };
}

/** YYYY-MM-DD, `days` from today (UTC): the copies run on the real clock. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Both start at the same moment on an empty database: migrations, the catalogue and the signing key
  // are made once between them. Behind the balancer the caller is the last X-Forwarded-For entry (each
  // test phone has its own).
  ({ copies, env, stop } = await startCopies(2, { TRUST_PROXY: 'true', DEMO_SEED: 'false', PUBLIC_URL }));
  owner = await registerOwner('robin@copies.example', 'Two Copies Cafe', '198.51.100.10');
  customer = await signedInCustomer(at(1), { email: 'casey@copies.example' });
  expect((await follow(at(0), customer, owner.businessid)).status).toBe(201);
}, 90_000);
afterAll(() => stop());

describe('two server processes on one database and one bucket', () => {
  it('started together, they publish one signing key and hand the SPA one configuration', async () => {
    const jwks = await Promise.all(
      copies.map(async (copy) => (await copy.request('/cognito/.well-known/jwks.json')).json()),
    );
    expect((jwks[0] as { keys: unknown[] }).keys).toHaveLength(1);
    expect(jwks[1]).toEqual(jwks[0]);
    const configs = await Promise.all(copies.map(async (copy) => (await copy.request('/config.json')).json()));
    expect(configs[0]).toMatchObject({
      auth: { userPoolEndpoint: `${PUBLIC_URL}/cognito/` },
      mediaBaseUrl: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${COPIES_BUCKET}/$`)),
    });
    expect(configs[1]).toEqual(configs[0]);
  });

  it('signs in on one copy, works on the other, and a sign-out on the other ends the session on both', async () => {
    const leaving = await registerOwner('leaving@copies.example', 'Leaving Lounge', '198.51.100.11');
    // The real Amplify client signs in against copy a.
    configureAmplify(at(0));
    const session = await amplifySignIn(at(0), leaving.email, PASSWORD);
    for (const copy of copies) {
      const me = await copy.api('GET', '/api/businesses/me', { token: session.accessToken });
      expect(me.status, copy.name).toBe(200);
    }
    // ...and signs out everywhere through copy b (GlobalSignOut).
    configureAmplify(at(1));
    await signOut({ global: true });
    for (const copy of copies) {
      for (const token of [session.accessToken, leaving.token]) {
        const me = await copy.api('GET', '/api/businesses/me', { token });
        expect(me.status, copy.name).toBe(401);
        expect(await me.json()).toEqual(EXPIRED);
      }
      const refreshed = await cognitoCall(copy, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: env.USER_POOL_CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: session.refreshToken },
      });
      expect(refreshed.json, copy.name).toMatchObject({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
    }
    // The other owner's session is untouched.
    expect((await at(1).api('GET', '/api/businesses/me', { token: owner.token })).status).toBe(200);
  });

  it('lets exactly one of 50 parallel redeems of one code through, split across both', async () => {
    const voucher = await createVoucher(at(1), owner, {
      title: 'Split fifty ways',
      startdate: day(-1),
      enddate: day(30),
    });
    const claim = await at(0).api('POST', `/api/customer/vouchers/${voucher.voucherid}/claim`, {
      token: customer.accessToken,
    });
    expect(claim.status).toBe(201);
    const issued = (await claim.json()) as IssuedVoucher;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        at(i).api('POST', `/api/issued-vouchers/${issued.issuedvoucherid}/redeem`, { token: owner.token }),
      ),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ message: string }>;
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    expect(bodies.filter((b) => b.message === REDEEM_TEXTS.redeemed('Split fifty ways'))).toHaveLength(1);
    expect(bodies.filter((b) => b.message === REDEEM_TEXTS.alreadyRedeemed)).toHaveLength(49);
    for (const copy of copies) {
      const lookup = await copy.api('GET', `/api/redeem/lookup/${issued.code}`, { token: owner.token });
      expect((await lookup.json()) as IssuedVoucherLookup).toMatchObject({
        issuedvoucherstatusid: 2,
        redeemedat: expect.any(String),
      });
    }
    const held = await at(1).api('GET', '/api/customer/vouchers', { token: customer.accessToken });
    expect(((await held.json()) as IssuedVoucher[]).find((v) => v.code === issued.code)).toMatchObject({
      status: 'redeemed',
    });
  });

  it('gives the last seat to exactly one of 20 parallel bookings, split across both', async () => {
    const call = (i: number, method: string, url: string, body?: unknown) =>
      at(i).api(method, url, { token: owner.token, body });
    expect(
      (await call(0, 'PUT', '/api/businesses/me', { businessname: 'Two Copies Cafe', timezone: 'UTC' })).status,
    ).toBe(200);
    const made = await call(1, 'POST', '/api/booking-resources', { resourcename: 'Counter seats', capacity: 3 });
    expect(made.status).toBe(201);
    const { resourceid } = (await made.json()) as { resourceid: string };
    for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
      const rule = await call(dayofweek, 'POST', '/api/availability', {
        resourceid,
        dayofweek,
        starttime: '09:00',
        endtime: '17:00',
      });
      expect(rule.status).toBe(201);
    }
    const date = day(3);
    const book = (i: number, who: string) =>
      call(i, 'POST', '/api/bookings', {
        resourceid,
        customerEmail: who,
        bookingstarttime: `${date}T10:00:00.000Z`,
        bookingendtime: `${date}T11:00:00.000Z`,
        partysize: 1,
      });
    // Two of the three seats go, one through each copy; then 20 people race for the last.
    expect((await book(0, 'first@copies.example')).status).toBe(201);
    expect((await book(1, 'second@copies.example')).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(i, `race${i}@copies.example`)));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ message?: string }>;
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(bodies.filter((b) => b.message === BOOKING_TEXTS.slotTaken)).toHaveLength(19);
    const window = `startDate=${date}T00:00:00Z&endDate=${day(4)}T00:00:00Z&resourceId=${resourceid}`;
    for (const [i, copy] of copies.entries()) {
      const listed = await call(i, 'GET', `/api/businesses/me/bookings?${window}`);
      expect(((await listed.json()) as { data: unknown[] }).data, copy.name).toHaveLength(3);
    }
  });

  it('counts failed sign-ins and sign-ups across both: the limits trip at the count one copy has', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.77' };
    const attempt = async (i: number, password: string) => {
      try {
        await srpSignIn(at(i), owner.email, password, attacker, at(i + 1));
        return 'signed in';
      } catch (error) {
        if (!(error instanceof CognitoCallError)) throw error;
        return error.type;
      }
    };
    for (let i = 0; i < LIMITS.failedSignIns.limit; i++) {
      expect(await attempt(i, `Wrong#Guess${i}`)).toBe('NotAuthorizedException');
    }
    // Locked out on both copies, even with the right password; the owner's own address still gets in.
    expect(await attempt(0, PASSWORD)).toBe('LimitExceededException');
    expect(await attempt(1, PASSWORD)).toBe('LimitExceededException');
    const own = await srpTokens(at(1), owner.email, PASSWORD, { 'x-forwarded-for': '198.51.100.10' }, at(0));
    expect(own.AccessToken).toMatch(/^eyJ/);

    const cafeWifi = { 'x-forwarded-for': '203.0.113.99' };
    const signUp = (i: number) =>
      at(i).api('POST', '/api/public/customers/register', {
        headers: cafeWifi,
        body: { firstName: 'Wifi', lastName: 'Guest', email: `guest${i}@copies.example`, password: PASSWORD },
      });
    for (let i = 0; i < env.SIGNUP_LIMIT_PER_HOUR; i++) expect((await signUp(i)).status).toBe(201);
    for (const i of [0, 1]) {
      const refused = await signUp(env.SIGNUP_LIMIT_PER_HOUR + i);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: expect.stringMatching(/^Too many requests\. Please try again in/),
      });
    }
  });

  it('serves a photo uploaded through one copy in the post made through the other', async () => {
    const { key, put } = await uploadImage(at(0), owner.token);
    expect(put.status).toBe(200);
    const posted = await at(1).api('POST', `/api/businesses/${owner.businessid}/posts`, {
      token: owner.token,
      body: { content: 'Latte art from two copies', imageUrl: key },
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const feed = (await (await at(0).api('GET', '/api/businesses/me/posts', { token: owner.token })).json()) as Post[];
    expect(feed.find((p) => p.content === 'Latte art from two copies')).toMatchObject({ imageurl: key });
    const config = (await (await at(1).request('/config.json')).json()) as { mediaBaseUrl: string };
    const image = await fetch(`${config.mediaBaseUrl}${key}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(png()))).toBe(true);
  });

  it('shows a message written through one copy to a poller on the other, with one ETag across both', async () => {
    const owners = (i: number, url: string, etag?: string) =>
      at(i).api('GET', url, { token: owner.token, headers: etag ? { 'if-none-match': etag } : {} });
    const list = '/api/messaging/business/conversations?status=active';
    const send = (i: number, text: string) =>
      at(i).api('POST', `/api/customer/businesses/${owner.businessid}/messages`, {
        token: customer.accessToken,
        body: { messageText: text },
      });

    const first = await send(0, 'Is the window table free on Friday?');
    expect(first.status).toBe(201);
    const { conversationid } = (await first.json()) as { conversationid: string };
    const chat = `/api/messaging/business/conversations/${conversationid}/messages?limit=50`;

    // The conversations poll on copy b sees it; its ETag means "nothing new" to copy a as well.
    const listed = await owners(1, list);
    expect(listed.status).toBe(200);
    const listTag = listed.headers.get('etag')!;
    expect(((await listed.json()) as Conversation[])[0]).toMatchObject({
      conversationid,
      last_message: 'Is the window table free on Friday?',
      unread_count: 1,
    });
    const idle = await owners(0, list, listTag);
    expect(idle.status).toBe(304);
    expect(idle.headers.get('etag')).toBe(listTag);
    const opened = await owners(0, chat);
    const chatTag = opened.headers.get('etag')!;
    expect((await owners(1, chat, chatTag)).status).toBe(304);

    // A second message through copy b: copy a's pollers get it with the tag they hold.
    expect((await send(1, 'Two of us, at noon.')).status).toBe(200);
    const changed = await owners(0, list, listTag);
    expect(changed.status).toBe(200);
    const nextTag = changed.headers.get('etag')!;
    expect(nextTag).not.toBe(listTag);
    expect(((await changed.json()) as Conversation[])[0]).toMatchObject({
      last_message: 'Two of us, at noon.',
      unread_count: 2,
    });
    expect((await owners(1, list, nextTag)).status).toBe(304);
    const newer = await owners(1, chat, chatTag);
    expect(newer.status).toBe(200);
    expect(((await newer.json()) as Message[]).map((m) => m.messagetext)).toEqual([
      'Is the window table free on Friday?',
      'Two of us, at noon.',
    ]);

    // The owner answers through copy a; the customer's chat poll on copy b sees it.
    const customerChat = `/api/customer/conversations/${conversationid}/messages`;
    const before = await at(1).api('GET', customerChat, { token: customer.accessToken });
    const customerTag = before.headers.get('etag')!;
    const reply = await at(0).api('POST', `/api/messaging/business/conversations/${conversationid}/messages`, {
      token: owner.token,
      body: { messageText: 'Booked for you!' },
    });
    expect(reply.status).toBe(201);
    const polled = await at(1).api('GET', customerChat, {
      token: customer.accessToken,
      headers: { 'if-none-match': customerTag },
    });
    expect(polled.status).toBe(200);
    expect(((await polled.json()) as Message[]).at(-1)).toMatchObject({
      messagetext: 'Booked for you!',
      sendertype: 'business',
    });
    const quiet = await at(0).api('GET', customerChat, {
      token: customer.accessToken,
      headers: { 'if-none-match': polled.headers.get('etag')! },
    });
    expect(quiet.status).toBe(304);
  });
});
