import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { amplifySignIn, configureAmplify, createOwner } from './support/amplify.ts';
import { latestLink } from './support/mailbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  configureAmplify(server);
});
afterAll(() => server?.stop());

describe('register, verify, sign in, and read the profile', () => {
  it('walks the whole account journey through the mailbox and the real Amplify client', async () => {
    const email = 'journey@example.com';
    const registered = await server.api('POST', '/api/public/register', {
      body: {
        firstName: 'Jo',
        lastName: 'Rivera',
        email,
        password: 'Espresso#2026',
        businessName: 'Jo’s Espresso Bar',
      },
    });
    expect(registered.status).toBe(201);

    const { token } = await latestLink(server, email, '/verify-email');
    expect((await server.api('GET', `/api/public/verify-email?token=${token}`)).status).toBe(200);

    const { accessToken } = await amplifySignIn(server, email, 'Espresso#2026');
    const me = await server.api('GET', '/api/users/me', { token: accessToken });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ firstname: 'Jo', lastname: 'Rivera', email });

    const business = await server.api('GET', '/api/businesses/me', { token: accessToken });
    expect(business.status).toBe(200);
    expect(await business.json()).toMatchObject({
      businessname: 'Jo’s Espresso Bar',
      description: null,
      latitude: null,
      longitude: null,
    });
  });
});

describe('business profile', () => {
  let token: string;
  beforeAll(async () => {
    await createOwner(server, { email: 'owner@example.com', password: 'Profile#2026', businessName: 'Salon Nord' });
    await createOwner(server, { email: 'rival@example.com', password: 'Profile#2026', businessName: 'Rival Salon' });
    token = (await amplifySignIn(server, 'owner@example.com', 'Profile#2026')).accessToken;
  });

  it('saves name, description, address and coordinates, and only the caller’s own business', async () => {
    const saved = await server.api('PUT', '/api/businesses/me', {
      token,
      body: {
        businessname: '  Salon Nord & Spa  ',
        description: 'Cuts, colour and calm.',
        address: '3 Fjord Street',
        latitude: 59.913868,
        longitude: 10.752245,
        timezone: 'Europe/Oslo',
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      businessname: 'Salon Nord & Spa',
      latitude: 59.913868,
      longitude: 10.752245,
      timezone: 'Europe/Oslo',
    });
    const again = await (await server.api('GET', '/api/businesses/me', { token })).json();
    expect(again.address).toBe('3 Fjord Street');
    // Another owner's business is untouched (signing in as them signs the first owner out).
    const rival = await amplifySignIn(server, 'rival@example.com', 'Profile#2026');
    const theirs = await (await server.api('GET', '/api/businesses/me', { token: rival.accessToken })).json();
    expect(theirs).toMatchObject({ businessname: 'Rival Salon', address: null });
    token = (await amplifySignIn(server, 'owner@example.com', 'Profile#2026')).accessToken;
  });

  it.each([
    [{ businessname: '' }, 'Business name is required.'],
    [{ businessname: 'Ok', latitude: 91, longitude: 0 }, 'Latitude must be between -90 and 90.'],
    [{ businessname: 'Ok', latitude: 0, longitude: -181 }, 'Longitude must be between -180 and 180.'],
    [{ businessname: 'Ok', latitude: 10 }, 'Latitude and longitude must be given together.'],
    [
      { businessname: 'Ok', timezone: 'Mars/Olympus' },
      'Time zone is not a known IANA time zone (for example Europe/London).',
    ],
    [{ businessname: 'Ok', latitude: '12' }, 'Latitude must be a number.'],
  ])('refuses %j with a clear message', async (body, message) => {
    const response = await server.api('PUT', '/api/businesses/me', { token, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('keeps user text as text', async () => {
    const script = '<img src=x onerror=alert(1)>';
    await server.api('PUT', '/api/businesses/me', { token, body: { businessname: script } });
    const business = await (await server.api('GET', '/api/businesses/me', { token })).json();
    expect(business.businessname).toBe(script);
  });

  it('needs the anti-forgery header to save', async () => {
    const response = await server.request('/api/businesses/me', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ businessname: 'Forged' }),
    });
    expect(response.status).toBe(403);
    const business = await (await server.api('GET', '/api/businesses/me', { token })).json();
    expect(business.businessname).not.toBe('Forged');
  });
});
