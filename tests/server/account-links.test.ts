/**
 * The two account endpoints that keep the e-mailed links from being dead ends:
 * POST /api/public/resend-verification (a new verification link, same answer for every address) and
 * POST /api/password-reset/check (is this reset link usable? without spending it).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { amplifySignIn, configureAmplify } from './support/amplify.ts';
import { latestLink, mailbox } from './support/mailbox.ts';

const time = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  configureAmplify(server);
});
afterAll(() => server?.stop());
// Every test starts with fresh per-IP windows (they are 15 minutes long); links live for a day or an hour.
beforeEach(() => time.advance(16 * 60 * 1000));

const SAME_ANSWER =
  "If that email belongs to an account that still needs verifying, we've sent a new verification link.";
const password = 'Bread&Butter1';

async function register(email: string, firstName = 'Ada') {
  const response = await server.api('POST', '/api/public/register', {
    body: { firstName, lastName: 'Baker', email, password, businessName: `${firstName}’s Bakery` },
  });
  expect(response.status).toBe(201);
  return (await latestLink(server, email, '/verify-email')).token;
}

// The outbox lists mail newest first by the (test) clock: a resent mail is sent a second later.
const resend = (email: string) => {
  time.advance(1000);
  return server.api('POST', '/api/public/resend-verification', { body: { email } });
};
const verify = (token: string) => server.api('GET', `/api/public/verify-email?token=${encodeURIComponent(token)}`);
const check = (token: unknown) => server.api('POST', '/api/password-reset/check', { body: { token } });
const mailsTo = async (email: string) => (await mailbox(server)).filter((m) => m.to === email);
const headers = (r: Response) => [...r.headers].filter(([name]) => name !== 'date');

describe('POST /api/public/resend-verification', () => {
  it('mails an unconfirmed owner a fresh link after the first one expired; it verifies and sign-in works', async () => {
    const first = await register('late@example.com', 'Lena');
    time.advance((server.env.VERIFY_TOKEN_TTL + 1) * 1000);
    expect((await (await verify(first)).json()).message).toBe(
      'This verification link has expired. Please request a new one.',
    );

    const response = await resend('LATE@example.com');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: SAME_ANSWER });
    const { mail, link, token } = await latestLink(server, 'late@example.com', '/verify-email');
    expect(token).not.toBe(first);
    expect(link.startsWith(`http://localhost:${new URL(server.url).port}/verify-email?token=`)).toBe(true);
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain('Hi Lena,');
    expect(mail.text).toContain('Lena’s Bakery');

    expect((await verify(token)).status).toBe(200);
    expect((await server.deps.identity.findUserByEmail('late@example.com'))?.status).toBe('CONFIRMED');
    const signedIn = await amplifySignIn(server, 'late@example.com', password);
    expect(signedIn.accessToken).not.toBe('');
  });

  it('leaves the earlier, unexpired link valid: whichever mail the owner opens works', async () => {
    const first = await register('twice@example.com');
    await resend('twice@example.com');
    const second = (await latestLink(server, 'twice@example.com', '/verify-email')).token;
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(200);
    expect((await server.deps.identity.findUserByEmail('twice@example.com'))?.status).toBe('CONFIRMED');
  });

  it('answers byte for byte the same for unconfirmed, confirmed and unknown addresses; mails only the unconfirmed', async () => {
    await register('pending@example.com');
    const confirmedToken = await register('done@example.com');
    await verify(confirmedToken);
    const before = await mailbox(server);

    const answers = [
      await resend('pending@example.com'),
      await resend('done@example.com'),
      await resend('nobody@example.com'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ message: SAME_ANSWER });
    expect(headers(answers[1]!)).toEqual(headers(answers[0]!));
    expect(headers(answers[2]!)).toEqual(headers(answers[0]!));

    const known = new Set(before.map((m) => m.id));
    const sent = (await mailbox(server)).filter((m) => !known.has(m.id));
    expect(sent.map((m) => m.to)).toEqual(['pending@example.com']);
  });

  it('mails one account at most 3 times an hour, answering the same; the next hour it mails again', async () => {
    await register('eager@example.com');
    const before = (await mailsTo('eager@example.com')).length;
    const bodies: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await resend('eager@example.com');
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect((await mailsTo('eager@example.com')).length).toBe(before + 3);

    time.advance(61 * 60 * 1000);
    await resend('eager@example.com');
    expect((await mailsTo('eager@example.com')).length).toBe(before + 4);
  });

  it('limits each client to 10 requests in 15 minutes with 429 and Retry-After, whatever the address', async () => {
    for (let i = 0; i < 10; i++) expect((await resend(`flood${i}@example.com`)).status).toBe(200);
    const refused = await resend('flood-last@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
  });

  it('names the field of a bad request with 400, never 500', async () => {
    const invalid = await resend('not-an-email');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: 'Please enter a valid email address.' });
    const missing = await server.api('POST', '/api/public/resend-verification', { body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Email is required.' });
    const wrongType = await server.api('POST', '/api/public/resend-verification', { body: { email: 42 } });
    expect(wrongType.status).toBe(400);
    const malformed = await server.api('POST', '/api/public/resend-verification', { body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('POST /api/password-reset/check', () => {
  async function resetLink(email: string) {
    await server.api('POST', '/api/password-reset/request', { body: { email } });
    return (await latestLink(server, email, '/reset-password')).token;
  }

  it('says a fresh link is usable, as often as asked, without spending it', async () => {
    await verify(await register('keys@example.com'));
    const token = await resetLink('keys@example.com');
    for (let i = 0; i < 2; i++) {
      const usable = await check(token);
      expect(usable.status).toBe(200);
      expect(await usable.json()).toEqual({ message: 'This password reset link can be used.' });
    }
    const reset = await server.api('POST', '/api/password-reset/reset', {
      body: { token, newPassword: 'Fresh&Crust2' },
    });
    expect(reset.status).toBe(200);
  });

  it('recognises a used, an expired and an unknown link with the reason, as the reset itself would', async () => {
    await verify(await register('locks@example.com'));
    const used = await resetLink('locks@example.com');
    await server.api('POST', '/api/password-reset/reset', { body: { token: used, newPassword: 'Fresh&Crust3' } });
    const usedAnswer = await check(used);
    expect(usedAnswer.status).toBe(400);
    expect(await usedAnswer.json()).toEqual({
      message: 'This password reset link has already been used. Please request a new one.',
    });

    const late = await resetLink('locks@example.com');
    time.advance((server.env.RESET_TOKEN_TTL + 1) * 1000);
    const expired = await check(late);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      message: 'This password reset link has expired. Please request a new one.',
    });

    const unknown = await check('not-a-real-token');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      message: 'This password reset link is not valid. Please request a new one.',
    });

    // A verification link is not a reset link.
    const verifyToken = await register('mixed@example.com');
    expect((await (await check(verifyToken)).json()).message).toMatch(/not valid/);
    expect((await verify(verifyToken)).status).toBe(200);
  });

  it('names the missing or malformed token with 400', async () => {
    const missing = await server.api('POST', '/api/password-reset/check', { body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Reset token is required.' });
    const blank = await check('   ');
    expect(await blank.json()).toEqual({ message: 'Reset token is required.' });
    const wrongType = await check(['a']);
    expect(wrongType.status).toBe(400);
    const tooLong = await check('x'.repeat(600));
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe('Reset token must be at most 512 characters.');
  });

  it('limits each client to 30 checks in 15 minutes with 429', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await check(`guess-${i}`);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
