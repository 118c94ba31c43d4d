/** Where the SPA's settings come from: the block the server inlines, else /config.json (static hosts, dev). */
import { describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#contracts/config.ts';
import { readConfig } from '#src/app/configure.ts';

const config: RuntimeConfig = {
  auth: { userPoolId: 'local_OwnerPortal', userPoolClientId: 'owner-portal-web' },
  apiBaseUrl: '',
  mediaBaseUrl: 'http://portal.test/media/',
  appScheme: 'loyaltyapp',
};

function page(block?: string) {
  const doc = document.implementation.createHTMLDocument('portal');
  if (block !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-config';
    script.textContent = block;
    doc.head.append(script);
  }
  return doc;
}

const answering = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch & {
    mock: { calls: unknown[][] };
  };

describe('readConfig', () => {
  it('reads the inlined block and asks the network for nothing', async () => {
    const fetcher = answering(200, config);
    // As the server writes it: "<" escaped as \u003c, which JSON reads back as "<".
    const block = JSON.stringify({ ...config, appScheme: 'a<b' }).replace(/</g, '\\u003c');
    expect(await readConfig(page(block), fetcher)).toEqual({ ...config, appScheme: 'a<b' });
    expect(fetcher.mock.calls).toHaveLength(0);
  });

  it('fetches /config.json when the page has no block (a static host, the dev server)', async () => {
    const fetcher = answering(200, config);
    expect(await readConfig(page(), fetcher)).toEqual(config);
    expect(fetcher.mock.calls.map((call) => call[0])).toEqual(['/config.json']);
  });

  it('names what is wrong: a broken block, a bad shape, a failed fetch', async () => {
    await expect(readConfig(page('{not json'), answering(200, config))).rejects.toThrow(
      'The inlined portal configuration is not JSON',
    );
    await expect(readConfig(page(JSON.stringify({ apiBaseUrl: '' })), answering(200, config))).rejects.toThrow(
      'The inlined portal configuration is invalid',
    );
    await expect(readConfig(page(), answering(404, { message: 'Not found.' }))).rejects.toThrow(
      '/config.json answered 404',
    );
  });
});
