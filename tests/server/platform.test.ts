import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('every response', () => {
  it('says nosniff, a page carries the page policy, and /api answers are never cached (security-headers.test.ts)', async () => {
    const page = await server.request('/dev/mailbox');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const response = await server.request('/api/users/me');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('tells browsers to keep to HTTPS when the portal is served under an https:// address, and only then', async () => {
    expect((await server.request('/login')).headers.get('strict-transport-security')).toBeNull();
    const tls = await startTestServer({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      for (const path of ['/login', '/api/users/me', '/config.json'])
        expect((await tls.request(path)).headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    } finally {
      await tls.stop();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.request('/api/nothing-here', { headers: { authorization: 'Bearer x' } });
    expect([401, 404]).toContain(response.status);
    expect(typeof (await response.json()).message).toBe('string');
  });
});

describe('request logs', () => {
  it('name method, path and status, never a bearer token, a link token or a password', async () => {
    const secretToken = 'eyJhbGciOiJSUzI1NiJ9.secret-payload.signature';
    await server.request('/api/users/me', { headers: { authorization: `Bearer ${secretToken}` } });
    await server.api('GET', '/api/public/verify-email?token=link-secret-123');
    await server.api('POST', '/api/password-reset/reset', {
      body: { token: 'reset-secret-456', newPassword: 'Hunter2#Secret' },
    });
    const log = server.logs.join('\n');
    expect(log).toMatch(/GET \/api\/users\/me 401/);
    expect(log).toMatch(/GET \/api\/public\/verify-email 400/);
    for (const secret of [secretToken, 'secret-payload', 'link-secret-123', 'reset-secret-456', 'Hunter2#Secret']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('cross-origin callers', () => {
  it('get no CORS permission by default', async () => {
    const response = await server.request('/api/users/me', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with CORS_ORIGINS, only the listed origins may call the API, with the bearer and anti-forgery headers', async () => {
    const cross = await startTestServer({
      env: { CORS_ORIGINS: 'https://portal.example.com, https://staging.example.com' },
    });
    try {
      const preflight = (origin: string) =>
        cross.request('/api/businesses/me', {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'PUT',
            'access-control-request-headers': 'authorization,content-type,x-requested-with',
          },
        });
      const allowed = await preflight('https://staging.example.com');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://staging.example.com');
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-requested-with');
      const refused = await preflight('https://evil.example');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await cross.stop();
    }
  });
});

describe('runtime configuration', () => {
  it("gives the SPA an absolute identity endpoint on the server's own origin, and lets a page under another name reach it", async () => {
    const origin = `http://localhost:${new URL(server.url).port}`;
    const response = await server.request('/config.json');
    const config = await response.json();
    expect(config.auth.userPoolEndpoint).toBe(`${origin}/cognito/`);
    expect(config.auth.userPoolId).toBe(server.env.USER_POOL_ID);
    expect(config.mediaBaseUrl).toBe('/media/');
    // A page loaded from 127.0.0.1 (the mailbox here; the SPA's pages get the same policy): its CSP
    // allows the configured origin for calls and images.
    const csp = (await server.request('/dev/mailbox')).headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' ${origin}`);
    expect(csp).toContain(`img-src 'self' data: blob: ${origin}`);
  });

  it('against a real Cognito pool, sends the SPA to Cognito and lets the page reach it', async () => {
    const pool = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123';
    const real = await startTestServer({
      env: {
        USER_POOL_ID: 'eu-west-1_AbC123',
        USER_POOL_CLIENT_ID: '1example23456789',
        JWKS_URL: `${pool}/.well-known/jwks.json`,
        TOKEN_ISSUER: pool,
      },
    });
    try {
      const response = await real.request('/config.json');
      const config = await response.json();
      expect(config.auth).toEqual({ userPoolId: 'eu-west-1_AbC123', userPoolClientId: '1example23456789' });
      const connect = (await real.request('/dev/mailbox')).headers
        .get('content-security-policy')!
        .split(';')
        .find((d) => d.trim().startsWith('connect-src'))!;
      const own = `http://localhost:${new URL(real.url).port}`;
      expect(connect.trim()).toBe(`connect-src 'self' ${own} https://cognito-idp.eu-west-1.amazonaws.com`);
    } finally {
      await real.stop();
    }
  });

  it('reports health', async () => {
    const response = await server.request('/healthz');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  // The test database is loaded from a data directory whose postgresql.conf (initdb's) says 128MB.
  it.skipIf(process.env.TEST_DB === 'postgres')(
    "keeps the embedded database's buffer cache at 32 MB, whatever its data directory says (decision 033: about 100 MB of memory and half a second of start-up)",
    async () => {
      const { rows } = await server.database.sql.executeSql('show shared_buffers');
      expect(rows).toEqual([{ shared_buffers: '32MB' }]);
    },
  );
});

describe('environment', () => {
  it('stops with one line naming each bad setting', () => {
    const result = parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CORS_ORIGINS: 'portal.example.com' });
    expect(result).toHaveProperty('error');
    const line = (result as { error: string }).error;
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('PORT');
    expect(line).toContain('DATABASE_URL must be a postgres:// URL');
    expect(line).toContain('must list origins like https://portal.example.com');
  });
});

describe('the built SPA', () => {
  let spa: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Business Portal</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    spa = await startTestServer();
    // A second app over the same deps, this time with a dist directory.
    const { createApp } = await import('../../server/app.ts');
    const { listen } = await import('../../server/boot.ts');
    const app = createApp({ ...spa.deps, distDir: dist });
    const listening = await listen(app.fetch, 0, '127.0.0.1');
    const stopOriginal = spa.stop;
    spa = {
      ...spa,
      url: listening.url,
      stop: async () => {
        await listening.close();
        await stopOriginal();
      },
    };
  });
  afterAll(() => spa?.stop());

  it('serves index.html for client routes (history-API fallback) and caches hashed assets', async () => {
    const page = await fetch(`${spa.url}/bookings/calendar`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Business Portal</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${spa.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${spa.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });
});
