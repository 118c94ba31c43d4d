import {
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import {
  amplifySignIn,
  cognitoCall,
  configureAmplify,
  createOwner,
  srpTokens,
  storedTokens,
} from './support/amplify.ts';

// The real aws-amplify/auth v6 client, in Node, against the local user pool at an absolute endpoint.

const time = testClock();
let server: TestServer;
const PASSWORD = 'Correct#Horse1';
const me = (token: string) => server.api('GET', '/api/users/me', { token });

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  configureAmplify(server);
  await createOwner(server, { email: 'owner@example.com', password: PASSWORD, firstname: 'Olive' });
  await createOwner(server, { email: 'unverified@example.com', password: PASSWORD, status: 'UNCONFIRMED' });
  await createOwner(server, { email: 'temp@example.com', password: 'Temporary#1', status: 'FORCE_CHANGE_PASSWORD' });
  await createOwner(server, { email: 'customer@example.com', password: PASSWORD, group: 'Customers' });
  await createOwner(server, { email: 'locked@example.com', password: PASSWORD });
});
afterAll(() => server?.stop());
// Each test starts in a fresh per-IP window (60 SRP calls a minute from one address).
beforeEach(() => time.advance(61_000));
afterEach(async () => {
  vi.useRealTimers();
  await signOut().catch(() => undefined);
});

describe('sign-in with SRP', () => {
  it('signs in with the e-mail in any case; tokens carry the canonical username, groups and origin_jti', async () => {
    const result = await signIn({ username: 'Owner@Example.COM', password: PASSWORD });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const user = await server.deps.identity.findUserByEmail('owner@example.com');
    const current = await getCurrentUser();
    expect(current.userId).toBe(user!.userid);
    expect(current.username).toBe(user!.userid);
    expect(current.signInDetails?.loginId).toBe('Owner@Example.COM');
    const { tokens } = await fetchAuthSession();
    expect(tokens?.accessToken.payload).toMatchObject({
      sub: user!.userid,
      username: user!.userid,
      'cognito:groups': ['BusinessOwners'],
      token_use: 'access',
      client_id: server.env.USER_POOL_CLIENT_ID,
      scope: 'aws.cognito.signin.user.admin',
      iss: `urn:local-cognito:${server.env.USER_POOL_ID}`,
    });
    expect(tokens?.idToken?.payload).toMatchObject({
      'cognito:username': user!.userid,
      email: 'owner@example.com',
      email_verified: true,
      given_name: 'Olive',
      aud: server.env.USER_POOL_CLIENT_ID,
      token_use: 'id',
      origin_jti: tokens?.accessToken.payload.origin_jti,
    });
    expect(await fetchUserAttributes()).toMatchObject({
      sub: user!.userid,
      email: 'owner@example.com',
      email_verified: 'true',
      given_name: 'Olive',
    });
    const response = await me(tokens!.accessToken.toString());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ userid: user!.userid, firstname: 'Olive' });
  });

  it('answers a wrong password and an unknown e-mail with the same NotAuthorizedException', async () => {
    const wrong = await failure(signIn({ username: 'owner@example.com', password: 'Wrong#Horse1' }));
    const unknown = await failure(signIn({ username: 'nobody@example.com', password: 'Wrong#Horse1' }));
    expect(wrong.name).toBe('NotAuthorizedException');
    expect(unknown.name).toBe('NotAuthorizedException');
    expect(wrong.message).toBe('Incorrect username or password.');
    expect(unknown.message).toBe(wrong.message);
  });

  it('sends an unverified owner to CONFIRM_SIGN_UP, only after the right password', async () => {
    const result = await signIn({ username: 'unverified@example.com', password: PASSWORD });
    expect(result).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const wrong = await failure(signIn({ username: 'unverified@example.com', password: 'Wrong#Horse1' }));
    expect(wrong.name).toBe('NotAuthorizedException');
  });

  it('asks for a new password for a temporary one; the session survives a policy error; confirmSignIn completes', async () => {
    const first = await signIn({ username: 'temp@example.com', password: 'Temporary#1' });
    expect(first).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] },
    });
    // The product's password rule, in its plain words, through Cognito's policy error.
    for (const [password, message] of [
      ['short', 'Use at least 8 characters.'],
      ['password1', 'This password is too common. Choose one that is harder to guess.'],
      ['Temp@Example.com', "Don't use your e-mail address as your password."],
    ]) {
      const refused = await failure(confirmSignIn({ challengeResponse: password! }));
      expect(refused.name).toBe('InvalidPasswordException');
      expect(refused.message).toBe(message);
    }
    const done = await confirmSignIn({ challengeResponse: 'Brand#New#Pass1' });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await fetchAuthSession()).tokens?.accessToken.payload['cognito:groups']).toEqual(['BusinessOwners']);
    expect((await server.deps.identity.findUserByEmail('temp@example.com'))?.status).toBe('CONFIRMED');
    await signOut();
    expect((await failure(signIn({ username: 'temp@example.com', password: 'Temporary#1' }))).name).toBe(
      'NotAuthorizedException',
    );
    expect((await signIn({ username: 'temp@example.com', password: 'Brand#New#Pass1' })).isSignedIn).toBe(true);
  });

  it('signs a Customers user in, but the API answers 403', async () => {
    const tokens = await amplifySignIn(server, 'customer@example.com', PASSWORD);
    expect(decodeJwt(tokens.accessToken)['cognito:groups']).toEqual(['Customers']);
    const response = await me(tokens.accessToken);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(
      'Access Denied. You do not have permission to access the Business Portal.',
    );
  });
});

describe('sessions', () => {
  it('refreshes after the access token expires, rotating the refresh token; old tokens stop working', async () => {
    const before = await amplifySignIn(server, 'owner@example.com', PASSWORD);
    // Past the access token's lifetime, on the server clock and on the client's.
    const later = (server.env.ACCESS_TOKEN_TTL + 60) * 1000;
    time.advance(later);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + later });
    expect((await me(before.accessToken)).status).toBe(401);

    const { tokens } = await fetchAuthSession();
    const after = await storedTokens(server);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const [old, renewed] = [decodeJwt(before.accessToken), tokens!.accessToken.payload];
    for (const claim of ['sub', 'username', 'origin_jti', 'auth_time'] as const)
      expect(renewed[claim]).toBe(old[claim]);
    expect(renewed.jti).not.toBe(old.jti);
    expect((await me(after.accessToken)).status).toBe(200);
    expect(server.logs.some((line) => line.includes('(GetTokensFromRefreshToken) 200'))).toBe(true);

    // The replaced refresh token, used again after the grace period: reuse → the whole session ends.
    time.advance(30_000);
    const reuse = await cognitoCall(server, 'GetTokensFromRefreshToken', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      RefreshToken: before.refreshToken,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.json.__type).toBe('NotAuthorizedException');
    expect((await me(after.accessToken)).status).toBe(401);
    // Amplify's next refresh fails with NotAuthorized and signs the user out quietly.
    time.advance(later);
    vi.setSystemTime(Date.now() + later);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('after signOut({ global: true }) the old refresh token no longer refreshes and the old access token gets 401', async () => {
    // Another device of the same user, signed in through the raw protocol.
    const other = await srpTokens(server, 'owner@example.com', PASSWORD);
    const tokens = await amplifySignIn(server, 'owner@example.com', PASSWORD);
    expect((await me(tokens.accessToken)).status).toBe(200);
    await signOut({ global: true });
    expect(server.logs.some((line) => line.includes('(GlobalSignOut) 200'))).toBe(true);

    const refresh = await cognitoCall(server, 'GetTokensFromRefreshToken', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      RefreshToken: tokens.refreshToken,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.json).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    expect((await me(tokens.accessToken)).status).toBe(401);
    const getUser = await cognitoCall(server, 'GetUser', { AccessToken: tokens.accessToken });
    expect(getUser.json).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    // Global: the other device's session ends too; a new sign-in works.
    expect((await me(other.AccessToken)).status).toBe(401);
    const fresh = await amplifySignIn(server, 'owner@example.com', PASSWORD);
    expect((await me(fresh.accessToken)).status).toBe(200);
  });

  it('plain signOut() revokes that session only (RevokeToken)', async () => {
    const first = await amplifySignIn(server, 'owner@example.com', PASSWORD);
    // A second, independent session of the same user (another device), via the raw protocol helper.
    const elsewhere = await srpTokens(server, 'owner@example.com', PASSWORD);
    await signOut();
    expect(server.logs.some((line) => line.includes('(RevokeToken) 200'))).toBe(true);
    expect((await me(first.accessToken)).status).toBe(401);
    const refresh = await cognitoCall(server, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: server.env.USER_POOL_CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: first.refreshToken },
    });
    expect(refresh.json.__type).toBe('NotAuthorizedException');
    expect((await me(elsewhere.AccessToken)).status).toBe(200);
  });
});

describe('throttling', () => {
  it('locks this client out of the account after its 5 failed sign-ins with a clear LimitExceededException, for 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      const error = await failure(signIn({ username: 'locked@example.com', password: `Wrong#${i}xxxx` }));
      expect(error.name).toBe('NotAuthorizedException');
    }
    const locked = await failure(signIn({ username: 'locked@example.com', password: PASSWORD }));
    expect(locked.name).toBe('LimitExceededException');
    expect(locked.message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    time.advance(10 * 60_000);
    const still = await failure(signIn({ username: 'locked@example.com', password: PASSWORD }));
    expect(still.message).toMatch(/Please wait [45] minutes/);
    time.advance(5 * 60_000);
    expect((await signIn({ username: 'locked@example.com', password: PASSWORD })).isSignedIn).toBe(true);
  });

  it('treats an unknown e-mail the same way (no enumeration through the lock)', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await failure(signIn({ username: 'ghost@example.com', password: 'Whatever#1' }))).name).toBe(
        'NotAuthorizedException',
      );
    }
    const locked = await failure(signIn({ username: 'Ghost@example.com', password: 'Whatever#1' }));
    expect(locked.name).toBe('LimitExceededException');
  });
});
