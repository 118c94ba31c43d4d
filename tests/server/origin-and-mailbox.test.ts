/**
 * Links in e-mails and /config.json name the portal's own origin, never the Host header a caller sends;
 * the development mailbox answers only callers on this computer.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { createOwner } from './support/amplify.ts';
import { latestLink } from './support/mailbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createOwner(server, { email: 'victim@example.com', password: 'Harbour#Lane1' });
});
afterAll(() => server?.stop());

/** node:http, because fetch will not send a Host header of our choosing. */
function withHost(target: TestServer, path: string, host: string, init: { method?: string; body?: unknown } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = httpRequest(new URL(path, target.url), {
      method: init.method ?? 'GET',
      headers: {
        host,
        'x-forwarded-host': host,
        'x-forwarded-proto': 'https',
        ...(body ? { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (data) => (text += data));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the portal origin', () => {
  it("mails a reset link on the server's own origin whatever Host the request names", async () => {
    const response = await withHost(server, '/api/password-reset/request', 'evil.example', {
      method: 'POST',
      body: { email: 'victim@example.com' },
    });
    expect(response.status).toBe(200);
    const { link } = await latestLink(server, 'victim@example.com', '/reset-password');
    expect(new URL(link).origin).toBe(`http://localhost:${new URL(server.url).port}`);
    expect(link).not.toContain('evil.example');
  });

  it('builds /config.json from the same origin, not from Host', async () => {
    const response = await withHost(server, '/config.json', 'evil.example:666');
    const config = JSON.parse(response.body);
    const origin = `http://localhost:${new URL(server.url).port}`;
    expect(config.auth.userPoolEndpoint).toBe(`${origin}/cognito/`);
    // Images this server keeps are a path the SPA resolves against the origin it calls (issue 26).
    expect(config.mediaBaseUrl).toBe('/media/');
    expect(response.body).not.toContain('evil.example');
  });

  it('uses PUBLIC_URL when it is set, for links and the config', async () => {
    const hosted = await startTestServer({ env: { PUBLIC_URL: 'https://portal.example.com/' } });
    try {
      await createOwner(hosted, { email: 'owner@example.com', password: 'Harbour#Lane1' });
      await withHost(hosted, '/api/password-reset/request', 'evil.example', {
        method: 'POST',
        body: { email: 'owner@example.com' },
      });
      const { link } = await latestLink(hosted, 'owner@example.com', '/reset-password');
      expect(link.startsWith('https://portal.example.com/reset-password?token=')).toBe(true);
      const config = JSON.parse((await withHost(hosted, '/config.json', 'evil.example')).body);
      expect(config.auth.userPoolEndpoint).toBe('https://portal.example.com/cognito/');
    } finally {
      await hosted.stop();
    }
  });
});

describe('the development mailbox', () => {
  it('answers a caller on this computer, ignoring X-Forwarded-For while TRUST_PROXY is off', async () => {
    const spoofed = await server.request('/dev/mailbox.json', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(spoofed.status).toBe(200);
  });

  it('behind a trusted proxy, refuses a caller the proxy reports as remote', async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const remote = await proxied.request('/dev/mailbox.json', { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(remote.status).toBe(403);
      expect((await remote.json()).message).toMatch(/only on this computer/);
      // A remote caller cannot pass by putting a loopback address first: the proxy appends the real one.
      const spoof = await proxied.request('/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } });
      expect(spoof.status).toBe(403);
      const local = await proxied.request('/dev/mailbox.json', { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(local.status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });

  it('does not exist in production', async () => {
    const production = await startTestServer({ env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      expect((await production.request('/dev/mailbox.json')).status).toBe(404);
      expect((await production.request('/dev/mailbox')).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
