/**
 * The QA plans and the machine samples name the seeded demo owner and business (machines/samples/
 * demo.samples.ts): a fresh seed must show exactly those names, or a tester walking a plan would look
 * for a business that is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness, demoOwner, demoUser } from '#machines/samples/demo.samples.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { amplifySignIn, configureAmplify } from './support/amplify.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  configureAmplify(server);
});
afterAll(() => server?.stop());

describe('the demo fixtures of the QA plans', () => {
  it('sign in as the seeded owner and show the seeded business', async () => {
    const { accessToken } = await amplifySignIn(server, demoOwner.email, demoOwner.password);
    const me = await server.api('GET', '/api/users/me', { token: accessToken });
    const { userid: _u, ...user } = demoUser;
    expect(await me.json()).toMatchObject(user);
    const business = await server.api('GET', '/api/businesses/me', { token: accessToken });
    const { businessid: _b, timezone: _t, ...profile } = demoBusiness;
    expect(await business.json()).toMatchObject(profile);
  });
});
