import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { latestLink, mailbox } from './support/mailbox.ts';

const time = testClock();
let server: TestServer;
const ownOrigin = () => `http://localhost:${new URL(server.url).port}`;
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(() => server?.stop());

const registration = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Baker',
  email,
  password: 'Bread&Butter1',
  businessName: 'Ada’s Bakery',
});

describe('registration', () => {
  it('creates an unconfirmed owner and mails a verification link to /verify-email', async () => {
    const response = await server.api('POST', '/api/public/register', { body: registration('Ada@Example.com') });
    expect(response.status).toBe(201);
    expect((await response.json()).message).toMatch(/check your email/i);
    const { mail, link } = await latestLink(server, 'ada@example.com', '/verify-email');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain('Ada’s Bakery');
    // Links use the server's own origin (PUBLIC_URL unset): http://localhost:<port>, never the Host header.
    expect(link.startsWith(`${ownOrigin()}/verify-email?token=`)).toBe(true);
    const user = await server.deps.identity.findUserByEmail('ada@example.com');
    expect(user?.status).toBe('UNCONFIRMED');
  });

  it('answers a second registration of an address exactly like a first, and tells its owner by e-mail', async () => {
    const fresh = await server.api('POST', '/api/public/register', { body: registration('newcomer@example.com') });
    const again = await server.api('POST', '/api/public/register', {
      body: { ...registration('ADA@example.com'), firstName: 'Mallory', businessName: 'Not Ada' },
    });
    // Nothing in the answer tells the caller that ada@example.com has an account.
    expect(again.status).toBe(fresh.status);
    expect(await again.text()).toBe(await fresh.text());
    const headers = (r: Response) => [...r.headers].filter(([name]) => name !== 'date' && name !== 'content-length');
    expect(headers(again)).toEqual(headers(fresh));
    // The owner hears about it, with a reset link that works; the account is unchanged.
    const { mail, token } = await latestLink(server, 'ada@example.com', '/reset-password');
    expect(mail.subject).toBe('Someone tried to register with your email address');
    expect(mail.text).toMatch(/no new account was created and nothing has changed/);
    expect(mail.text).not.toContain('Mallory');
    const user = await server.deps.identity.findUserByEmail('ada@example.com');
    expect(user?.status).toBe('UNCONFIRMED');
    const reset = await server.api('POST', '/api/password-reset/reset', {
      body: { token, newPassword: 'Sourdough&Rye7' },
    });
    expect(reset.status).toBe(200);
    // Still one account for the address; its owner is now confirmed by owning the mailbox.
    expect((await server.deps.identity.findUserByEmail('ada@example.com'))?.userid).toBe(user?.userid);
    expect((await server.deps.identity.findUserByEmail('ada@example.com'))?.status).toBe('CONFIRMED');
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required.'],
    ['lastName', { lastName: '   ' }, 'Last name is required.'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['password', { password: 'short' }, 'Use at least 8 characters.'],
    ['businessName', { businessName: undefined }, 'Business name is required.'],
  ])('requires %s', async (_field, change, message) => {
    const response = await server.api('POST', '/api/public/register', {
      body: { ...registration('field@example.com'), ...change },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it.each([
    ['12345678', 'This password is too common. Choose one that is harder to guess.'],
    ['password', 'This password is too common. Choose one that is harder to guess.'],
    ['Password1', 'This password is too common. Choose one that is harder to guess.'],
    ['        ', 'This password is too common. Choose one that is harder to guess.'],
    ['Weak@Example.com', "Don't use your e-mail address as your password."],
  ])('refuses the password %j with its plain reason', async (password, message) => {
    const response = await server.api('POST', '/api/public/register', {
      body: { ...registration('weak@example.com'), password },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await server.deps.identity.findUserByEmail('weak@example.com')).toBeUndefined();
  });

  it('answers malformed JSON and wrong types with 400 and a message, never 500', async () => {
    const malformed = await server.api('POST', '/api/public/register', { body: '{"firstName": "Ada",' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const wrongType = await server.api('POST', '/api/public/register', {
      body: { ...registration('types@example.com'), firstName: 42 },
    });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toBe('First name is required.');
    const array = await server.api('POST', '/api/public/register', { body: '[]' });
    expect(array.status).toBe(400);
  });

  it('refuses a write without the anti-forgery header', async () => {
    const response = await server.request('/api/public/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration('csrf@example.com')),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/anti-forgery/);
  });
});

describe('e-mail verification', () => {
  it('confirms the owner once; the link then refuses reuse', async () => {
    await server.api('POST', '/api/public/register', { body: registration('verify@example.com') });
    const { token } = await latestLink(server, 'verify@example.com', '/verify-email');
    const first = await server.api('GET', `/api/public/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect((await first.json()).message).toMatch(/verified/);
    expect((await server.deps.identity.findUserByEmail('verify@example.com'))?.status).toBe('CONFIRMED');
    const again = await server.api('GET', `/api/public/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toMatch(/already been used/);
  });

  it('refuses an expired link and an unknown one', async () => {
    await server.api('POST', '/api/public/register', { body: registration('late@example.com') });
    const { token } = await latestLink(server, 'late@example.com', '/verify-email');
    time.advance((server.env.VERIFY_TOKEN_TTL + 1) * 1000);
    const expired = await server.api('GET', `/api/public/verify-email?token=${token}`);
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toMatch(/expired/);
    expect((await server.deps.identity.findUserByEmail('late@example.com'))?.status).toBe('UNCONFIRMED');
    const unknown = await server.api('GET', '/api/public/verify-email?token=nope');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/not valid/);
    const missing = await server.api('GET', '/api/public/verify-email');
    expect(missing.status).toBe(400);
  });
});

describe('password reset', () => {
  it('answers byte-identically for known and unknown e-mails, and mails only the known one', async () => {
    const before = (await mailbox(server)).length;
    const known = await server.api('POST', '/api/password-reset/request', { body: { email: 'ada@example.com' } });
    const unknown = await server.api('POST', '/api/password-reset/request', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await known.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a).message).toBe("If an account with that email exists, we've sent you a password reset link.");
    const headers = (r: Response) => [...r.headers].filter(([name]) => name !== 'date');
    expect(headers(known)).toEqual(headers(unknown));
    const mails = await mailbox(server);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.to).toBe('ada@example.com');
  });

  it('sets the new password once; reuse, expiry and short passwords are refused', async () => {
    const { token } = await latestLink(server, 'ada@example.com', '/reset-password');
    const short = await server.api('POST', '/api/password-reset/reset', { body: { token, newPassword: 'short' } });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Use at least 8 characters.');
    const ok = await server.api('POST', '/api/password-reset/reset', { body: { token, newPassword: 'NewLoaf&Jam2' } });
    expect(ok.status).toBe(200);
    const reuse = await server.api('POST', '/api/password-reset/reset', {
      body: { token, newPassword: 'NewLoaf&Jam3' },
    });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).message).toMatch(/already been used/);

    await server.api('POST', '/api/password-reset/request', { body: { email: 'verify@example.com' } });
    const late = await latestLink(server, 'verify@example.com', '/reset-password');
    time.advance((server.env.RESET_TOKEN_TTL + 1) * 1000);
    const expired = await server.api('POST', '/api/password-reset/reset', {
      body: { token: late.token, newPassword: 'Whatever123' },
    });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toMatch(/expired/);
  });

  it('applies the password rule to a reset, and a refused password leaves the link usable', async () => {
    await server.api('POST', '/api/password-reset/request', { body: { email: 'verify@example.com' } });
    const { token } = await latestLink(server, 'verify@example.com', '/reset-password');
    for (const [newPassword, message] of [
      ['sunshine', 'This password is too common. Choose one that is harder to guess.'],
      ['VERIFY@example.com', "Don't use your e-mail address as your password."],
    ]) {
      const refused = await server.api('POST', '/api/password-reset/reset', { body: { token, newPassword } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message });
    }
    const ok = await server.api('POST', '/api/password-reset/reset', { body: { token, newPassword: 'Proper#Loaf42' } });
    expect(ok.status).toBe(200);
  });

  it('limits requests per IP with 429 and Retry-After', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      last = await server.api('POST', '/api/password-reset/request', { body: { email: `flood${i}@example.com` } });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).message).toMatch(/Too many requests/);
  });
});

describe('sign-up limit per address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { SIGNUP_LIMIT_PER_HOUR: '3' } });
  });
  afterAll(() => limited?.stop());

  it('takes SIGNUP_LIMIT_PER_HOUR sign-ups an hour from one address, owners and customers together, then 429', async () => {
    const person = (i: number) => ({
      firstName: 'Many',
      lastName: 'Guests',
      email: `guest${i}@example.com`,
      password: 'Guest#Wifi2026',
    });
    const owner = (i: number) => ({ ...person(i), businessName: `Stall ${i}` });
    const statuses = [
      (await limited.api('POST', '/api/public/register', { body: owner(1) })).status,
      (await limited.api('POST', '/api/public/customers/register', { body: person(2) })).status,
      (await limited.api('POST', '/api/public/customers/register', { body: person(3) })).status,
    ];
    expect(statuses).toEqual([201, 201, 201]);
    const fourth = await limited.api('POST', '/api/public/customers/register', { body: person(4) });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
