/**
 * Which answer carries which security header (server/middleware/security.ts,
 * docs/decisions/029-request-path-at-its-floor.md): every document the server renders (the SPA's pages and
 * its history fallback, the development mailbox, an SVG) carries the page policy; every answer says
 * nosniff; an /api answer is never stored and, being JSON, carries no page policy.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { listen } from '../../server/boot.ts';
import { DOCUMENT_TYPE, headerProblems } from '../e2e/support/sweep.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';

const INDEX = `<!doctype html>
<html lang="en"><head><title>Business Portal</title><link rel="icon" href="/favicon.svg">
<script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" href="/assets/index-abc123.css">
</head><body><div id="root"></div></body></html>`;

let base: TestServer;
let spa: Pick<TestServer, 'request'> & { close: () => Promise<void> };
let owner: SignedInOwner;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'export {};');
  writeFileSync(path.join(dist, 'assets/index-abc123.css'), 'body{margin:0}');
  base = await startTestServer();
  owner = await signedInOwner(base, { email: 'hedy@example.com', businessName: 'Hedy Headers' });
  const listening = await listen(createApp({ ...base.deps, distDir: dist }).fetch, 0, '127.0.0.1');
  spa = { request: (p, init) => fetch(new URL(p, listening.url), init), close: listening.close };
});
afterAll(async () => {
  await spa?.close();
  await base?.stop();
});

const DOCUMENTS = ['/', '/index.html', '/login', '/bookings/calendar', '/no-such-page/at/all', '/dev/mailbox'];

describe('documents', () => {
  it.each([...DOCUMENTS, '/favicon.svg'])('%s carries the page policy', async (where) => {
    const answer = await spa.request(where);
    await answer.arrayBuffer();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(DOCUMENT_TYPE);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(headerProblems(answer.headers, where)).toEqual([]);
  });
});

describe('everything else', () => {
  it('/api answers are JSON, never stored, say nosniff, and carry no page headers', async () => {
    const answers = await Promise.all([
      spa.request('/api/users/me', { headers: { authorization: `Bearer ${owner.token}` } }),
      spa.request('/api/users/me'),
      spa.request('/api/no-such-thing', { headers: { authorization: `Bearer ${owner.token}` } }),
      spa.request('/api/openapi.json'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) {
      await answer.arrayBuffer();
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      for (const page of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
        expect(answer.headers.get(page), page).toBeNull();
    }
  });

  it.each(['/config.json', '/healthz', '/assets/index-abc123.js', '/assets/index-abc123.css'])(
    '%s says nosniff, and is no document',
    async (where) => {
      const answer = await spa.request(where);
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).not.toMatch(DOCUMENT_TYPE);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(headerProblems(answer.headers, where)).toEqual([]);
    },
  );
});
