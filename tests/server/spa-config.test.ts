/**
 * The built SPA's index.html carries /config.json inlined (a JSON data block the CSP does not execute),
 * so the first paint waits for no request; a static host without it falls back to fetching the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configScript, inlineConfig, type RoutePreloads, withRoutePreloads } from '../../server/static.ts';
import { startTestServer, type TestServer } from './harness.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Business Portal</title>
    <script type="module" src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/vendor-v1.js">
    <link rel="stylesheet" crossorigin href="/assets/auth-a1.css">
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-a1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** What the build writes beside index.html (vite.config.ts, routePreloads). */
const PRELOADS: RoutePreloads = {
  auth: ['assets/auth-a1.js', 'assets/auth-a1.css'],
  routes: {
    '/': { js: ['assets/signed-in-s1.js', 'assets/dashboard-d1.js'], css: ['assets/dashboard-d1.css'] },
    '/bookings/calendar': { js: ['assets/signed-in-s1.js', 'assets/calendar-c1.js'], css: [] },
  },
};
/**
 * The files a page names in its head, by the kind of link. Module preloads are all low priority: the
 * loading screen paints without them (decision 031).
 */
const linked = (html: string, rel: string) =>
  [
    ...html.matchAll(
      new RegExp(
        `<link rel="${rel}" crossorigin${rel === 'modulepreload' ? ' fetchpriority="low"' : ''} href="/([^"]+)">`,
        'g',
      ),
    ),
  ].map((m) => m[1]);

/** The JSON of the data block, as the SPA reads it (src/app/configure.ts). */
const inlined = (html: string) => {
  const match = /<script type="application\/json" id="portal-config">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
};

let spa: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  // A precompressed copy, as npm run build writes: it must not be served instead of the inlined page.
  writeFileSync(path.join(dist, 'index.html.br'), 'not the page');
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(PRELOADS));
  const base = await startTestServer();
  const { createApp } = await import('../../server/app.ts');
  const { listen } = await import('../../server/boot.ts');
  const listening = await listen(createApp({ ...base.deps, distDir: dist }).fetch, 0, '127.0.0.1');
  spa = {
    ...base,
    url: listening.url,
    request: (p, init) => fetch(new URL(p, listening.url), init),
    stop: async () => {
      await listening.close();
      await base.stop();
    },
  };
});
afterAll(() => spa?.stop());

describe('index.html', () => {
  it.each(['/', '/index.html', '/login', '/bookings/calendar'])(
    '%s carries the same settings as GET /config.json, in the head',
    async (where) => {
      const page = await spa.request(where, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      const config = await (await spa.request('/config.json')).json();
      expect(inlined(html)).toEqual(config);
      expect(config.auth.userPoolId).toBe(spa.env.USER_POOL_ID);
      expect(html.indexOf('id="portal-config"')).toBeLessThan(html.indexOf('</head>'));
    },
  );

  it('keeps the CSP without inline scripts: the block is data, never executed', async () => {
    const page = await spa.request('/login');
    const scriptSrc = page.headers
      .get('content-security-policy')!
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    const html = await page.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts).toEqual([' type="application/json" id="portal-config"']);
  });
});

describe('route preloads (decision 031)', () => {
  it("names a signed-in page's chunks and CSS in its HTML, instead of the auth chunk's files", async () => {
    const html = await (await spa.request('/bookings/calendar')).text();
    expect(linked(html, 'modulepreload')).toEqual([
      'assets/vendor-v1.js',
      'assets/signed-in-s1.js',
      'assets/calendar-c1.js',
    ]);
    expect(linked(html, 'stylesheet')).toEqual([]);
    const dashboard = await (await spa.request('/')).text();
    expect(linked(dashboard, 'stylesheet')).toEqual(['assets/dashboard-d1.css']);
    expect(dashboard.indexOf('dashboard-d1.js')).toBeLessThan(dashboard.indexOf('</head>'));
  });

  it.each(['/login', '/register', '/nowhere', '/index.html'])(
    'leaves %s as built (the auth chunk named)',
    async (where) => {
      const html = await (await spa.request(where)).text();
      expect(linked(html, 'modulepreload')).toEqual(['assets/vendor-v1.js', 'assets/auth-a1.js']);
      expect(linked(html, 'stylesheet')).toEqual(['assets/auth-a1.css']);
    },
  );

  it('takes a trailing slash as the page, and a build without the file as nothing to add', () => {
    expect(withRoutePreloads(INDEX, '/bookings/calendar/', PRELOADS)).toBe(
      withRoutePreloads(INDEX, '/bookings/calendar', PRELOADS),
    );
    expect(withRoutePreloads(INDEX, '/', undefined)).toBe(INDEX);
  });
});

describe('the data block', () => {
  it('cannot be closed early by a value: < is escaped and the JSON reads back the same', () => {
    const hostile = { apiBaseUrl: '</script><script>alert(1)</script>', note: '<!-- x' };
    const block = configScript(hostile);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(inlined(block)).toEqual(hostile);
  });

  it('goes into a page without a head too', () => {
    expect(inlined(inlineConfig('<div id="root"></div>', { a: 1 }))).toEqual({ a: 1 });
  });
});

describe('SALES_EMAIL', () => {
  it('reaches the SPA through /config.json (salesEmail), sales@example.com when unset', async () => {
    expect((await (await spa.request('/config.json')).json()).salesEmail).toBe('sales@example.com');
    const set = await startTestServer({ env: { SALES_EMAIL: 'deals@portal.example' } });
    try {
      expect((await (await set.request('/config.json')).json()).salesEmail).toBe('deals@portal.example');
    } finally {
      await set.stop();
    }
  });
});
