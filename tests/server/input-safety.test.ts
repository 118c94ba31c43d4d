/**
 * Hostile input never reaches a 500: control characters in any text field, oversized bodies, X-Amz-Target
 * naming Object.prototype members. And when something does fail, the log holds no SQL parameters.
 */
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { cognitoCall } from './support/amplify.ts';
import { signedInOwner } from './support/signed-in.ts';

const time = testClock();
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  ({ token } = await signedInOwner(server, { email: 'owner@example.com', password: 'Harbour#Lane1' }));
});
afterAll(() => server?.stop());

const registration = {
  firstName: 'Ada',
  lastName: 'Baker',
  email: 'ada@example.com',
  password: 'Bread&Butter1',
  businessName: 'Ada’s Bakery',
};
const profile = {
  businessname: 'Harbour Lane Coffee',
  description: 'Coffee\nand cake',
  address: '12 Harbour Lane',
  logourl: 'https://example.com/logo.png',
  timezone: 'Europe/London',
};

type Case = { route: string; field: string; send: (text: string) => Promise<Response>; names: RegExp };
const json = (method: string, path: string, body: object, auth = false) =>
  server.api(method, path, { body, ...(auth ? { token } : {}) });

/** Every text field of every route the product has today. */
const TEXT_FIELDS: Case[] = [
  ...(['firstName', 'lastName', 'email', 'password', 'businessName'] as const).map((field) => ({
    route: 'POST /api/public/register',
    field,
    send: (text: string) =>
      json('POST', '/api/public/register', { ...registration, [field]: `${registration[field]}${text}` }),
    names: {
      firstName: /First name/,
      lastName: /Last name/,
      email: /email/i,
      password: /Password/,
      businessName: /Business name/,
    }[field],
  })),
  {
    route: 'GET /api/public/verify-email',
    field: 'token',
    send: (text) => server.api('GET', `/api/public/verify-email?token=abc${encodeURIComponent(text)}`),
    names: /Verification token/,
  },
  {
    route: 'POST /api/password-reset/request',
    field: 'email',
    send: (text) => json('POST', '/api/password-reset/request', { email: `ada@example.com${text}` }),
    names: /email/i,
  },
  {
    route: 'POST /api/password-reset/reset',
    field: 'token',
    send: (text) => json('POST', '/api/password-reset/reset', { token: `abc${text}`, newPassword: 'Bread&Butter1' }),
    names: /Reset token/,
  },
  {
    route: 'POST /api/password-reset/reset',
    field: 'newPassword',
    send: (text) => json('POST', '/api/password-reset/reset', { token: 'abc', newPassword: `Bread&Butter1${text}` }),
    names: /Password/,
  },
  ...(['businessname', 'description', 'address', 'logourl', 'timezone'] as const).map((field) => ({
    route: 'PUT /api/businesses/me',
    field,
    send: (text: string) =>
      json('PUT', '/api/businesses/me', { ...profile, [field]: `${profile[field]}${text}` }, true),
    names: {
      businessname: /Business name/,
      description: /Description/,
      address: /Address/,
      logourl: /Logo URL/,
      timezone: /Time zone/,
    }[field],
  })),
];

describe('control characters in text fields', () => {
  it.each(
    TEXT_FIELDS.flatMap((c) =>
      ['\u0000', '\u001b', '\u0085', '\u202e'].map((ch) => [c.route, c.field, ch, c] as const),
    ),
  )('%s %s with %j: 400 naming the field, never 500', async (_route, _field, character, c) => {
    const response = await c.send(character);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(c.names);
  });

  it('keeps newlines and tabs in the multi-line description, and nothing was stored from refused input', async () => {
    const saved = await json('PUT', '/api/businesses/me', { ...profile, description: 'Coffee\n\tand cake' }, true);
    expect(saved.status).toBe(200);
    expect((await saved.json()).description).toBe('Coffee\n\tand cake');
    expect(await server.deps.identity.findUserByEmail('ada@example.com')).toBeUndefined();
  });

  it('takes CRLF (and a lone CR) in multi-line fields as a line break, as Windows browsers and apps send it', async () => {
    const saved = await json('PUT', '/api/businesses/me', { ...profile, description: 'Coffee\r\nand\rcake' }, true);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await saved.json()).description).toBe('Coffee\nand\ncake');
    // A single-line field still refuses it, naming the field's label.
    const name = await json('PUT', '/api/businesses/me', { ...profile, businessname: 'Harbour\r\nLane' }, true);
    expect(name.status).toBe(400);
    expect((await name.json()).message).toBe('Business name must not contain control characters.');
    // A NUL beside the CRLF is refused naming the label, not the raw key.
    const nul = await json('PUT', '/api/businesses/me', { ...profile, description: 'a\r\nb\u0000' }, true);
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toBe('Description must not contain control characters.');
  });

  it('names the field by its label when a required key is missing or the wrong type', async () => {
    const conversation = await json('POST', '/api/availability', { dayofweek: 1 }, true);
    expect((await conversation.json()).message).toBe('Resource is required.');
    const closure = await json('POST', '/api/booking-closures', {}, true);
    expect((await closure.json()).message).toBe('Start date is required.');
    const zone = await json('PUT', '/api/businesses/me', { ...profile, timezone: 5 }, true);
    expect((await zone.json()).message).toBe('Time zone is not a known IANA time zone (for example Europe/London).');
  });

  it('takes a name of zero-width characters and spaces as missing', async () => {
    const blank = '\u200b \u200c\u2060\ufeff';
    const register = await json('POST', '/api/public/register', { ...registration, firstName: blank });
    expect(await register.json()).toEqual({ message: 'First name is required.' });
    const rename = await json('PUT', '/api/businesses/me', { ...profile, businessname: blank }, true);
    expect(await rename.json()).toEqual({ message: 'Business name is required.' });
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html;base64,PHNjcmlwdD4=', 'file:///etc/passwd'])(
    'refuses the logo URL %s',
    async (logourl) => {
      const response = await json('PUT', '/api/businesses/me', { ...profile, logourl }, true);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Logo URL must be a web address starting with http:// or https://.');
    },
  );

  it.each([
    [
      'InitiateAuth',
      { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'owner@example.com\u0000', SRP_A: 'ab' } },
    ],
    ['InitiateAuth', { AuthFlow: 'USER_SRP_AUTH\u0000', AuthParameters: {} }],
    ['RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: { USERNAME: 'a\u0000' } }],
  ])('the identity endpoint answers %s with a NUL as InvalidParameterException', async (operation, body) => {
    const response = await cognitoCall(server, operation, { ClientId: server.env.USER_POOL_CLIENT_ID, ...body });
    expect(response.status).toBe(400);
    expect(response.json.__type).toBe('InvalidParameterException');
    expect(response.json.message).toMatch(/must not contain control characters/);
  });
});

describe('X-Amz-Target', () => {
  it.each(Object.getOwnPropertyNames(Object.prototype).concat(['__proto__', 'hasOwnProperty', 'prototype']))(
    'naming %s is a 400 InvalidParameterException, never a 500 or an answer',
    async (name) => {
      const response = await cognitoCall(server, name, { ClientId: server.env.USER_POOL_CLIENT_ID });
      expect(response.status).toBe(400);
      expect(response.json.__type).toBe('InvalidParameterException');
      expect(response.headers.get('x-amzn-errortype')).toBe('InvalidParameterException');
      expect(JSON.stringify(response.json)).not.toMatch(/SMTP|DATABASE|USER_POOL|privateKey|"env"/);
    },
  );
});

/** Streams `bytes` of zeros without holding them: declared with Content-Length, or chunked. */
function sendLarge(path: string, bytes: number, headers: Record<string, string>, chunked: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const req = httpRequest(new URL(path, server.url), {
      method: 'POST',
      headers: { ...headers, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(bytes) }) },
    });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (data) => (body += data));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may close the connection after answering while we are still sending.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (sent < bytes && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('request body limit', () => {
  const TEN_MB = 10 * 1024 * 1024;
  const targets = [
    [
      '/cognito/',
      {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
    ],
    ['/api/public/register', { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }],
  ] as const;

  it.each(targets.flatMap(([path, headers]) => [true, false].map((chunked) => [path, chunked, headers] as const)))(
    'answers 10 MB to %s (chunked: %s) with 413 and a message, without buffering it',
    async (path, chunked, headers) => {
      const before = process.memoryUsage().rss;
      const response = await sendLarge(path, TEN_MB, headers, chunked);
      const grown = process.memoryUsage().rss - before;
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body).message).toBe('The request body is too large (at most 64 KB).');
      expect(grown).toBeLessThan(20 * 1024 * 1024);
      // The server goes on answering.
      expect((await server.request('/healthz')).status).toBe(200);
    },
  );

  it('accepts a body just under the limit', async () => {
    const response = await server.api('POST', '/api/public/register', {
      body: { ...registration, email: 'pad@example.com', padding: 'x'.repeat(60 * 1024) },
    });
    expect(response.status).toBe(201);
  });
});

describe('the error log after a database failure', () => {
  it('names what failed and where, never the SQL parameters, the body or secrets', async () => {
    const { db } = server.database;
    // Every insert into these tables now fails: the registration (its SRP salt and verifier) and the
    // sign-in challenge (the server's SRP secret b).
    await db.execute(sql`alter table users add constraint forced_failure check (false) not valid`);
    await db.execute(sql`alter table auth_challenges add constraint forced_failure check (false) not valid`);
    try {
      server.logs.length = 0;
      const secretName = 'Zebedee-Quixotic';
      const register = await json('POST', '/api/public/register', {
        ...registration,
        email: 'zebedee@example.com',
        firstName: secretName,
        password: 'Unguessable&Secret9',
      });
      expect(register.status).toBe(500);
      expect((await register.json()).message).toBe('Something went wrong on our side. Please try again.');
      const signIn = await cognitoCall(server, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: server.env.USER_POOL_CLIENT_ID,
        AuthParameters: { USERNAME: 'owner@example.com', SRP_A: 'abcdef0123456789' },
      });
      expect(signIn.status).toBe(500);

      const log = server.logs.join('\n');
      expect(log).toMatch(/POST \/api\/public\/register failed: database error: SQLSTATE 23514, insert users/);
      expect(log).toMatch(/identity: InitiateAuth failed .*database error: SQLSTATE 23514, insert auth_challenges/);
      for (const secret of ['zebedee@example.com', secretName, 'Unguessable&Secret9', 'Ada’s Bakery', 'params']) {
        expect(log).not.toContain(secret);
      }
      // SRP salts, verifiers and secrets are long hex numbers; none may appear.
      expect(log).not.toMatch(/[0-9a-f]{32}/i);
    } finally {
      await db.execute(sql`alter table users drop constraint forced_failure`);
      await db.execute(sql`alter table auth_challenges drop constraint forced_failure`);
    }
  });
});

describe('the request log', () => {
  const linesFor = async (path: string, init?: { token?: string }) => {
    server.logs.length = 0;
    const response = await server.api('GET', path, init);
    await response.arrayBuffer();
    return server.logs;
  };

  it('writes the path as sent: an encoded CR LF cannot forge a second line', async () => {
    const forged = '/api/public/x%0d%0aGET%20/api/users/me%20200%201.0ms';
    const lines = await linesFor(forged);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/api\/public\/x%0d%0aGET%20\/api\/users\/me%20200%201\.0ms 404 [\d.]+ms$/);
    expect(lines.join('\n')).not.toMatch(/[\r\n]/);
  });

  it('never writes a control character, even for an encoded NUL or escape sequence', async () => {
    const lines = await linesFor('/api/public/a%00%1b[31mb');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/api\/public\/a%00%1b\[31mb 404 /);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(lines[0]).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('masks voucher codes and token-shaped segments', async () => {
    const code = 'SECRETCODE42';
    const lines = await linesFor(`/api/redeem/lookup/${code}`, { token });
    expect(lines[0]).toMatch(/^GET \/api\/redeem\/lookup\/\*\*\* 404 /);
    expect(lines.join('\n')).not.toContain(code);
    const jwtShaped = `${token.split('.').slice(0, 2).join('.')}.c2lnbmF0dXJl`;
    const more = await linesFor(`/api/public/${jwtShaped}`);
    expect(more[0]).toMatch(/^GET \/api\/public\/\*\*\* 404 /);
    expect(more.join('\n')).not.toContain(token.split('.')[1]!);
  });
});
