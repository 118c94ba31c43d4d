/**
 * The verification link is spent once on the server, so the page must never send it twice, even when
 * its actor is started twice (React StrictMode remounts in development). Fake fetch: a unit test of
 * the wiring, not of the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { configureApi } from '#src/api/client.ts';
import { liveVerifyEmailLogic } from '#src/features/auth/account.wiring.ts';

afterEach(() => configureApi({ fetch: undefined }));

describe('verifying an e-mail link', () => {
  it('sends one request for a token however many times the page starts, and the page that stays sees success', async () => {
    const urls: string[] = [];
    configureApi({
      fetch: (async (input: RequestInfo | URL) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return new Response(JSON.stringify({ message: 'Your email has been verified.' }), {
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    });
    const first = createActor(liveVerifyEmailLogic, { input: { token: 'tok-123' } }).start();
    first.stop(); // the StrictMode unmount
    const second = createActor(liveVerifyEmailLogic, { input: { token: 'tok-123' } }).start();
    const done = await waitFor(second, (s) => s.matches('succeeded'));
    expect(done.matches('succeeded')).toBe(true);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/api/public/verify-email?token=tok-123');
  });
});
