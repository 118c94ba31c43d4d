import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWERS_ONLY } from '../../contracts/customers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { amplifySignIn, configureAmplify } from './support/amplify.ts';
import { follow } from './support/customers.ts';
import { mailbox } from './support/mailbox.ts';
import { signedInCustomer, signedInOwner } from './support/signed-in.ts';

let server: TestServer;
let owner: { businessid: string; token: string };

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  configureAmplify(server);
  owner = await signedInOwner(server, { email: 'cafe@example.com', businessName: 'Corner Cafe' });
  await server.api('PUT', '/api/businesses/me', {
    token: owner.token,
    body: {
      businessname: 'Corner Cafe',
      description: 'Espresso',
      address: '2 Quay St',
      latitude: 50.1,
      longitude: -1.2,
    },
  });
});
afterAll(() => server?.stop());

describe('customer sign-up', () => {
  it('makes an unconfirmed customer who verifies by the mailed link and signs in with the real Amplify client', async () => {
    const res = await server.api('POST', '/api/public/customers/register', {
      body: { firstName: 'Robin', lastName: 'Reyes', email: 'Robin@Example.com', password: 'Robin#Pass2026' },
    });
    expect(res.status).toBe(201);
    await expect(amplifySignIn(server, 'robin@example.com', 'Robin#Pass2026')).rejects.toThrow(/CONFIRM_SIGN_UP/);
    const mail = (await mailbox(server)).find((m) => m.to === 'robin@example.com')!;
    expect(mail.text).toContain('Hi Robin');
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    expect((await server.request(`/api/public/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const { accessToken } = await amplifySignIn(server, 'robin@example.com', 'Robin#Pass2026');
    const me = await server.api('GET', '/api/customer/me', { token: accessToken });
    expect(await me.json()).toEqual({ firstname: 'Robin', lastname: 'Reyes', email: 'robin@example.com' });
    // A customer is not an owner: the portal's API refuses them.
    expect((await server.api('GET', '/api/businesses/me', { token: accessToken })).status).toBe(403);
  });

  it('answers an address that has an account exactly like a new one, and mails its owner instead', async () => {
    const body = { firstName: 'Again', lastName: 'Person', email: 'cafe@example.com', password: 'Another#Pass2026' };
    const existing = await server.api('POST', '/api/public/customers/register', { body });
    const fresh = await server.api('POST', '/api/public/customers/register', {
      body: { ...body, email: 'new.person@example.com' },
    });
    expect(existing.status).toBe(fresh.status);
    expect(await existing.text()).toBe(await fresh.text());
    const toOwner = (await mailbox(server)).find((m) => m.to === 'cafe@example.com')!;
    expect(toOwner.subject).toBe('Someone tried to sign up with your email address');
  });

  it('applies the password rules of owner registration, naming the field', async () => {
    const res = await server.api('POST', '/api/public/customers/register', {
      body: { firstName: 'Short', lastName: 'Pass', email: 'short@example.com', password: 'abc' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/8 characters/);
    const missing = await server.api('POST', '/api/public/customers/register', {
      body: { lastName: 'Pass', email: 'short@example.com', password: 'Robin#Pass2026' },
    });
    expect(await missing.json()).toEqual({ message: 'First name is required.' });
  });

  it('limits sign-ups per address like owner registration', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await server.api('POST', '/api/public/customers/register', {
        headers: { 'x-forwarded-for': '203.0.113.9' },
        body: { firstName: 'Flood', lastName: 'Er', email: `flood${i}@example.com`, password: 'Flood#Pass2026' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('what the app shows after scanning a business QR code', () => {
  it('reads the public profile with whether the caller follows, and 404 for an unknown id', async () => {
    const casey = await signedInCustomer(server, { email: 'casey.api@example.com' });
    const res = await server.api('GET', `/api/customer/businesses/${owner.businessid}`, { token: casey.accessToken });
    expect(await res.json()).toEqual({
      businessid: owner.businessid,
      businessname: 'Corner Cafe',
      description: 'Espresso',
      address: '2 Quay St',
      latitude: 50.1,
      longitude: -1.2,
      logourl: null,
      following: false,
    });
    await server.api('POST', `/api/customer/businesses/${owner.businessid}/follow`, { token: casey.accessToken });
    const followed = await server.api('GET', `/api/customer/businesses/${owner.businessid}`, {
      token: casey.accessToken,
    });
    expect((await followed.json()).following).toBe(true);
    const unknown = await server.api('GET', '/api/customer/businesses/00000000-0000-4000-8000-000000000000', {
      token: casey.accessToken,
    });
    expect(unknown.status).toBe(404);
  });

  it("shows the business's posts only to followers, newest first, without the author's e-mail", async () => {
    const dana = await signedInCustomer(server, { email: 'dana.api@example.com' });
    // Two posts today: the Starter plan (an operator's change, as `npm run users -- plan` makes it).
    await server.deps.db.execute(
      `update businesses set packageid = (select packageid from packages where name = 'Starter') where businessid = '${owner.businessid}'`,
    );
    for (const content of ['First news', 'Second news']) {
      expect(
        (
          await server.api('POST', `/api/businesses/${owner.businessid}/posts`, {
            token: owner.token,
            body: { content },
          })
        ).status,
      ).toBe(201);
    }
    const before = await server.api('GET', `/api/customer/businesses/${owner.businessid}/posts`, {
      token: dana.accessToken,
    });
    expect(before.status).toBe(403);
    expect(await before.json()).toEqual({ message: FOLLOWERS_ONLY });
    await follow(server, dana, owner.businessid);
    const after = await server.api('GET', `/api/customer/businesses/${owner.businessid}/posts`, {
      token: dana.accessToken,
    });
    const list = (await after.json()) as Array<Record<string, unknown>>;
    expect(list.map((p) => p.content)).toEqual(['Second news', 'First news']);
    expect(Object.keys(list[0]!).sort()).toEqual(['content', 'createdat', 'imageurl', 'postid']);
    expect(JSON.stringify(list)).not.toContain('cafe@example.com');
  });

  it('refuses an owner token on every customer route and needs the anti-forgery header to follow', async () => {
    for (const [method, path] of [
      ['GET', `/api/customer/businesses/${owner.businessid}`],
      ['GET', `/api/customer/businesses/${owner.businessid}/posts`],
      ['POST', `/api/customer/businesses/${owner.businessid}/follow`],
      ['DELETE', `/api/customer/businesses/${owner.businessid}/follow`],
    ] as const) {
      expect((await server.api(method, path, { token: owner.token })).status).toBe(403);
    }
    const eve = await signedInCustomer(server, { email: 'eve.api@example.com' });
    const bare = await server.request(`/api/customer/businesses/${owner.businessid}/follow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eve.accessToken}` },
    });
    expect(bare.status).toBe(403);
  });

  it('sends a customer who asks again for a verification link the customer wording', async () => {
    await server.api('POST', '/api/public/customers/register', {
      body: { firstName: 'Late', lastName: 'Verifier', email: 'late@example.com', password: 'Late#Pass2026' },
    });
    await server.api('POST', '/api/public/resend-verification', { body: { email: 'late@example.com' } });
    const mails = (await mailbox(server)).filter((m) => m.to === 'late@example.com');
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).not.toContain('your business');
  });
});
