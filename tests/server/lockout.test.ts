/**
 * Failed sign-ins lock out the source that failed, not the account: someone else guessing an owner's
 * password can never keep the owner, on their own client with the right password, out
 * (docs/decisions/004-sign-in-lockout.md). Sources are told apart by address; behind the trusted
 * proxy of this server (TRUST_PROXY) the address is the last X-Forwarded-For entry, which is how the
 * "attackers" here get addresses of their own while the owner's Amplify client comes from 127.0.0.1.
 */
import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { CognitoCallError, configureAmplify, createOwner, srpSignIn } from './support/amplify.ts';
import { latestLink } from './support/mailbox.ts';

const time = testClock();
let server: TestServer;
const PASSWORD = 'Harbour#Lane1';
const LOCKED = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock, env: { TRUST_PROXY: 'true' } });
  configureAmplify(server);
  for (const email of ['owner@example.com', 'targeted@example.com', 'reset@example.com']) {
    await createOwner(server, { email, password: PASSWORD });
  }
});
afterAll(() => server?.stop());
beforeEach(() => time.advance(61_000)); // a fresh per-IP window (60 SRP calls a minute)
afterEach(() => signOut().catch(() => undefined));

/** A sign-in over the raw protocol from `address`; the error type, or 'signed in'. */
async function attempt(email: string, password: string, address: string): Promise<string> {
  try {
    const result = await srpSignIn(server, email, password, { 'x-forwarded-for': address });
    return result.AuthenticationResult ? 'signed in' : String(result.ChallengeName);
  } catch (error) {
    if (!(error instanceof CognitoCallError)) throw error;
    if (error.type === 'LimitExceededException') expect(error.message).toMatch(LOCKED);
    return error.type;
  }
}

const ownerSignsIn = async (email: string) => (await signIn({ username: email, password: PASSWORD })).isSignedIn;

describe('a third party guessing the password', () => {
  it('locks only itself out; the owner still signs in from their own client, for as long as it keeps trying', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++) {
      expect(await attempt('owner@example.com', `Guess#${i}abc`, attacker)).toBe('NotAuthorizedException');
    }
    // Locked out, even with the right password: the lock holds whatever it tries.
    expect(await attempt('owner@example.com', PASSWORD, attacker)).toBe('LimitExceededException');
    expect(await ownerSignsIn('owner@example.com')).toBe(true);
    await signOut();
    // An hour of renewed attempts (20 requests an hour used to keep the account locked forever).
    for (let quarter = 0; quarter < 4; quarter++) {
      time.advance(15 * 60_000 + 1000);
      for (let i = 0; i < 5; i++) await attempt('owner@example.com', `Guess#${quarter}${i}x`, attacker);
      expect(await attempt('owner@example.com', PASSWORD, attacker)).toBe('LimitExceededException');
      expect(await ownerSignsIn('owner@example.com')).toBe(true);
      await signOut();
    }
  });

  it('treats an unknown e-mail the same way, so the lock does not tell which accounts exist', async () => {
    const attacker = '203.0.113.67';
    for (let i = 0; i < 5; i++) {
      expect(await attempt('nobody@example.com', `Guess#${i}abc`, attacker)).toBe('NotAuthorizedException');
    }
    expect(await attempt('Nobody@Example.com', 'Guess#9abc', attacker)).toBe('LimitExceededException');
    expect(await attempt('nobody@example.com', 'Guess#9abc', '203.0.113.68')).toBe('NotAuthorizedException');
  });
});

describe('simultaneous guesses from one source', () => {
  it('try at most five passwords: each attempt is counted before its password is checked', async () => {
    await createOwner(server, { email: 'raced@example.com', password: PASSWORD });
    const attacker = '203.0.113.90';
    // 25 sign-ins at once (50 SRP calls, under the 60 a minute of one address).
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt('raced@example.com', `Guess#${i}race`, attacker)),
    );
    const tried = outcomes.filter((outcome) => outcome === 'NotAuthorizedException').length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => outcome === 'LimitExceededException')).toHaveLength(25 - tried);
    expect(await ownerSignsIn('raced@example.com')).toBe(true);
  });
});

describe('an attack from many addresses', () => {
  it('keeps new sources out of the account while the owner, from a client that signed in before, gets in', async () => {
    // The owner has signed in from their client before.
    expect(await ownerSignsIn('targeted@example.com')).toBe(true);
    await signOut();
    // 50 failures from ten addresses, five each (each stays under its own lock).
    for (let host = 1; host <= 10; host++) {
      for (let i = 0; i < 5; i++) await attempt('targeted@example.com', `Guess#${host}-${i}`, `198.51.100.${host}`);
    }
    // A source never seen before is refused even with the right password, until the hour passes...
    expect(await attempt('targeted@example.com', PASSWORD, '198.51.100.200')).toBe('LimitExceededException');
    // ...but the owner's own client is known to the account and signs in.
    expect(await ownerSignsIn('targeted@example.com')).toBe(true);
    await signOut();
    time.advance(60 * 60_000 + 1000);
    expect(await attempt('targeted@example.com', PASSWORD, '198.51.100.200')).toBe('signed in');
  });
});

describe('the owner', () => {
  it('is locked out of their own client by their own five failures, and a reset lifts every lock', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await attempt('reset@example.com', `Typo#${i}abcd`, '127.0.0.1')).toBe('NotAuthorizedException');
    }
    await expect(ownerSignsIn('reset@example.com')).rejects.toMatchObject({ name: 'LimitExceededException' });
    await server.api('POST', '/api/password-reset/request', { body: { email: 'reset@example.com' } });
    const { token } = await latestLink(server, 'reset@example.com', '/reset-password');
    const reset = await server.api('POST', '/api/password-reset/reset', {
      body: { token, newPassword: 'Fresh#Start22' },
    });
    expect(reset.status).toBe(200);
    expect((await signIn({ username: 'reset@example.com', password: 'Fresh#Start22' })).isSignedIn).toBe(true);
  });
});
