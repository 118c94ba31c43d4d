/**
 * The attacks that found 500s from input (issue 22): broken percent-escapes and NUL in paths, ids past
 * what a number can hold, dates no person means (year 0, 9999), and JSON nested thousands deep. Each is
 * a 4xx with a message on PGlite and PostgreSQL, and the server goes on answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { cognitoCall } from './support/amplify.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';
import { voucherBody } from './support/vouchers.ts';

let server: TestServer;
let owner: SignedInOwner;
let resourceid: string;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInOwner(server, { email: 'bounds@example.com', businessName: 'Bounds' });
  const made = await server.api('POST', '/api/booking-resources', {
    token: owner.token,
    body: { resourcename: 'Table', capacity: 4 },
  });
  resourceid = (await made.json()).resourceid;
});
afterAll(() => server?.stop());

/** A 4xx with a non-empty message; a 5xx or a missing message fails with what came back. */
async function refused(response: Response, status?: number) {
  const text = await response.text();
  expect(response.status, text).toBeGreaterThanOrEqual(400);
  expect(response.status, text).toBeLessThan(500);
  if (status) expect(response.status, text).toBe(status);
  const message = (JSON.parse(text) as { message?: string }).message;
  expect(typeof message === 'string' && message.length > 0, text).toBe(true);
  return message!;
}

describe('paths', () => {
  it.each(['/media/%', '/media/%E0%A4%A', '/media/a%ffb', '/media/%00', '/media/a%2f..%2fb', '/media/%C0%AF'])(
    'GET %s is a 404',
    async (path) => {
      await refused(await server.request(path), 404);
    },
  );

  it.each(['%00', 'ABC%00DEF', '%', '%E0%A4%A', 'K7M-4QX-9R%ff'])(
    'GET /api/redeem/lookup/%s is a 404',
    async (code) => {
      await refused(await server.api('GET', `/api/redeem/lookup/${code}`, { token: owner.token }), 404);
    },
  );
});

describe('numbers past what an id can be', () => {
  it.each([
    ['1e308', '1e308'],
    ['2**53', String(2 ** 53)],
    ['"99999999999999999999"', '"99999999999999999999"'],
    ['2**31', String(2 ** 31)],
  ])('vouchertypeid %s is a 400 naming the type', async (_name, raw) => {
    const body = JSON.stringify(voucherBody({ vouchertypeid: 0 })).replace(
      '"vouchertypeid":0',
      `"vouchertypeid":${raw}`,
    );
    const response = await server.api('POST', `/api/businesses/${owner.businessid}/vouchers`, {
      token: owner.token,
      body,
    });
    expect(await refused(response, 400)).toMatch(/type/i);
  });
});

describe('dates no person means', () => {
  const days = ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31'];

  it.each(days)('a closure from %s is a 400 naming the date', async (day) => {
    const response = await server.api('POST', '/api/booking-closures', {
      token: owner.token,
      body: { resourceid, startdate: day, enddate: day },
    });
    expect(await refused(response, 400)).toMatch(/date/i);
  });

  it.each(days)('a voucher ending %s is a 400 naming the date', async (day) => {
    const response = await server.api('POST', `/api/businesses/${owner.businessid}/vouchers`, {
      token: owner.token,
      body: voucherBody({ startdate: day < '2000' ? day : '2026-01-01', enddate: day }),
    });
    expect(await refused(response, 400)).toMatch(/date/i);
  });

  it.each(days)('the slots of %s are a 400 naming the date', async (day) => {
    const response = await server.api('GET', `/api/booking-availability/${resourceid}?date=${day}`, {
      token: owner.token,
    });
    expect(await refused(response, 400)).toMatch(/date/i);
  });

  it.each(days)('a booking on %s is a 400 naming the time', async (day) => {
    const response = await server.api('POST', '/api/bookings', {
      token: owner.token,
      body: {
        resourceid,
        customerEmail: 'guest@example.com',
        bookingstarttime: `${day}T10:00:00Z`,
        bookingendtime: `${day}T11:00:00Z`,
      },
    });
    expect(await refused(response, 400)).toMatch(/time/i);
  });

  it.each(days)('the bookings window around %s is a 400 naming the date', async (day) => {
    const query = `startDate=${day}T00:00:00Z&endDate=${day}T23:00:00Z`;
    const response = await server.api('GET', `/api/businesses/me/bookings?${query}`, { token: owner.token });
    expect(await refused(response, 400)).toMatch(/date/i);
  });

  it('the edges people mean still work: 1900-01-01 and 2200-12-31', async () => {
    for (const day of ['1900-01-01', '2200-12-31']) {
      const closure = await server.api('POST', '/api/booking-closures', {
        token: owner.token,
        body: { resourceid, startdate: day, enddate: day },
      });
      expect(closure.status, await closure.clone().text()).toBe(201);
      const slots = await server.api('GET', `/api/booking-availability/${resourceid}?date=${day}`, {
        token: owner.token,
      });
      expect(slots.status, await slots.clone().text()).toBe(200);
    }
  });
});

describe('JSON nested deeper than any request needs', () => {
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const deepArray = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it.each([
    ['an object 5,000 deep', deepObject(5000)],
    ['an array 30,000 deep', deepArray(30_000)],
  ])('%s is a 400 on an unauthenticated route, a signed-in one and the identity endpoint', async (_name, body) => {
    const register = await server.api('POST', '/api/public/register', { body });
    expect(await refused(register, 400)).toMatch(/nested/);
    const profile = await server.api('PUT', '/api/businesses/me', { token: owner.token, body });
    expect(await refused(profile, 400)).toMatch(/nested/);
    const identity = await server.request('/cognito/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body,
    });
    expect(identity.status).toBe(400);
    expect((await identity.json()).message).toMatch(/nested/);
    expect((await server.request('/healthz')).status).toBe(200);
  });

  it('a body nested as deep as the contracts go is read as before', async () => {
    const response = await cognitoCall(server, 'InitiateAuth', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: 'bounds@example.com', SRP_A: 'ab' },
    });
    expect(response.status).not.toBe(500);
    expect(JSON.stringify(response.json)).not.toMatch(/nested/);
  });
});
