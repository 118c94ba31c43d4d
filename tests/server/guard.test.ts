import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { listen } from '../../server/boot.ts';
import { authSessions, businesses, users } from '../../server/db/schema.ts';
import { createIdentity } from '../../server/identity/identity.ts';
import { GROUPS } from '../../server/identity/types.ts';
import { createRouter } from '../../server/lib/router.ts';
import { DENIED, guard } from '../../server/middleware/auth.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { cognitoCall, createOwner, srpTokens } from './support/amplify.ts';

// The one guard of /api: public paths, /api/customer/* for Customers, every other path for BusinessOwners.

const PASSWORD = 'Guarded#Areas1';
let server: TestServer;
let owner: { userid: string; businessid?: string };
let customer: { userid: string };
const signIn = async (email: string) => (await srpTokens(server, email, PASSWORD)).AccessToken;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createOwner(server, { email: 'owner@example.com', password: PASSWORD, businessName: 'Guarded Cafe' });
  customer = await createOwner(server, {
    email: 'casey@example.com',
    password: PASSWORD,
    group: GROUPS.customers,
    firstname: 'Casey',
    lastname: 'Jones',
  });
  await createOwner(server, { email: 'robin@example.com', password: PASSWORD, group: GROUPS.customers });
});
afterAll(() => server?.stop());

describe('public paths', () => {
  it('need no token', async () => {
    const register = await server.api('POST', '/api/public/register', { body: {} });
    expect(register.status).toBe(400);
    const verify = await server.api('GET', '/api/public/verify-email?token=nope');
    expect(verify.status).toBe(400);
  });
});

describe('/api/customer', () => {
  it('answers the signed-in customer with their name and e-mail, and nothing else', async () => {
    const me = await server.api('GET', '/api/customer/me', { token: await signIn('casey@example.com') });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ firstname: 'Casey', lastname: 'Jones', email: 'casey@example.com' });
    const other = await server.api('GET', '/api/customer/me', { token: await signIn('robin@example.com') });
    expect((await other.json()).email).toBe('robin@example.com');
  });

  it('refuses no token (401), a bad one (401) and an owner token (403)', async () => {
    expect((await server.api('GET', '/api/customer/me')).status).toBe(401);
    expect((await server.api('GET', '/api/customer/me', { token: 'not.a.token' })).status).toBe(401);
    const asOwner = await server.api('GET', '/api/customer/me', { token: await signIn('owner@example.com') });
    expect(asOwner.status).toBe(403);
    expect(await asOwner.json()).toEqual({ message: DENIED.customer });
    // Unknown customer paths are guarded too, before they are unknown.
    expect((await server.api('GET', '/api/customer/nothing-here')).status).toBe(401);
  });

  it('refuses a revoked session and a disabled customer (401)', async () => {
    const signedIn = await srpTokens(server, 'casey@example.com', PASSWORD);
    const revoke = await cognitoCall(server, 'RevokeToken', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      Token: signedIn.RefreshToken,
    });
    expect(revoke.status).toBe(200);
    expect((await server.api('GET', '/api/customer/me', { token: signedIn.AccessToken })).status).toBe(401);

    const token = await signIn('casey@example.com');
    await server.deps.db.update(users).set({ enabled: false }).where(eq(users.userid, customer.userid));
    try {
      expect((await server.api('GET', '/api/customer/me', { token })).status).toBe(401);
    } finally {
      await server.deps.db.update(users).set({ enabled: true }).where(eq(users.userid, customer.userid));
    }
    expect((await server.api('GET', '/api/customer/me', { token })).status).toBe(200);
  });
});

describe('owner routes', () => {
  // A customer token (403) and no token (401) on every owner route: the authorization matrix
  // (cross-owner.test.ts) calls each operation of the API document that way.
  it('cover every path outside the public and customer prefixes, known or not', async () => {
    expect((await server.api('GET', '/api/anything/else')).status).toBe(401);
    const unknown = await server.api('GET', '/api/anything/else', { token: await signIn('owner@example.com') });
    expect(unknown.status).toBe(404);
  });

  it('refuse a session that has expired on the server, though the token has not (401)', async () => {
    const token = await signIn('owner@example.com');
    expect((await server.api('GET', '/api/businesses/me', { token })).status).toBe(200);
    await server.deps.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userid, owner.userid));
    const answer = await server.api('GET', '/api/businesses/me', { token });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('never see another request’s uncommitted writes (PGlite has one session for everyone)', async () => {
    const token = await signIn('owner@example.com');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rolledBack = server.deps.db
      .transaction(async (tx) => {
        await tx.update(users).set({ enabled: false }).where(eq(users.userid, owner.userid));
        await held;
        tx.rollback();
      })
      .catch(() => undefined);
    const answer = server.api('GET', '/api/users/me', { token });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await rolledBack;
    expect((await answer).status).toBe(200);
  });

  it('give an owner without a business their account, and 404 for the business', async () => {
    await server.deps.identity.createUser({
      email: 'no.business@example.com',
      password: PASSWORD,
      groups: [GROUPS.owners],
      status: 'CONFIRMED',
      emailVerified: true,
    });
    const token = await signIn('no.business@example.com');
    expect((await server.api('GET', '/api/users/me', { token })).status).toBe(200);
    for (const method of ['GET', 'PUT']) {
      const answer = await server.api(method, '/api/businesses/me', {
        token,
        body: method === 'PUT' ? { businessname: 'Mine now' } : undefined,
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'No business profile found.' });
    }
    expect(await server.deps.db.$count(businesses)).toBe(1);
  });
});

describe('with JWKS_URL (a real Cognito pool: no local sessions)', () => {
  it('still resolves the owner’s business and the customer', async () => {
    const env = {
      ...server.env,
      JWKS_URL: `${server.url}/cognito/.well-known/jwks.json`,
      TOKEN_ISSUER: `urn:local-cognito:${server.env.USER_POOL_ID}`,
    };
    const identity = await createIdentity({ db: server.deps.db, env, clock: server.deps.clock, log: server.deps.log });
    const remote = await listen(createApp({ ...server.deps, env, identity }).fetch, 0, '127.0.0.1');
    try {
      const get = async (path: string, token: string) =>
        fetch(`${remote.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const ownerToken = await signIn('owner@example.com');
      const business = await get('/api/businesses/me', ownerToken);
      expect(business.status).toBe(200);
      expect((await business.json()).businessid).toBe(owner.businessid);
      // The owner's own account comes with the membership, in the same one statement.
      const account = await get('/api/users/me', ownerToken);
      expect(await account.json()).toEqual({
        userid: owner.userid,
        firstname: 'Test',
        lastname: 'Owner',
        email: 'owner@example.com',
        role: 'owner',
      });
      const me = await get('/api/customer/me', await signIn('robin@example.com'));
      expect((await me.json()).email).toBe('robin@example.com');
    } finally {
      await remote.close();
    }
  });
});

describe('createRouter', () => {
  it('fails loudly (500, logged) when an owner router is mounted where the guard resolves no owner', async () => {
    const misplaced = createRouter('owner');
    misplaced.get('/me', (c) => c.json(c.get('owner')));
    const { Hono } = await import('hono');
    const app = new Hono();
    app.use('/api/*', guard(server.deps));
    app.route('/api/customer', misplaced);
    const errors: string[] = [];
    app.onError((error, c) => {
      errors.push(error.message);
      return c.json({ message: 'failed' }, 500);
    });
    const mounted = await listen(app.fetch, 0, '127.0.0.1');
    try {
      const answer = await fetch(`${mounted.url}/api/customer/me`, {
        headers: { authorization: `Bearer ${await signIn('casey@example.com')}` },
      });
      expect(answer.status).toBe(500);
      expect(errors).toEqual([expect.stringContaining('owner router is mounted outside the owner area')]);
    } finally {
      await mounted.close();
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 with a message in every area, never a 500', async () => {
    const publicAnswer = await server.api('GET', '/api/public/no-such-thing');
    const customerAnswer = await server.api('GET', '/api/customer/no-such-thing', {
      token: await signIn('casey@example.com'),
    });
    const ownerAnswer = await server.api('GET', '/api/no-such-thing', { token: await signIn('owner@example.com') });
    for (const answer of [publicAnswer, customerAnswer, ownerAnswer]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Not found.' });
    }
  });
});
