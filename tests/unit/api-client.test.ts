/**
 * The API client's rules, with a fake fetch injected into ofetch (a unit test of the client, not of the
 * server): which headers go out, how answers are parsed, what a 401 triggers, how errors read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBusiness as business } from '#machines/samples/session.samples.ts';
import { requestPasswordReset, verifyEmail } from '#src/api/account.ts';
import { getMyBusiness, updateMyBusiness } from '#src/api/businesses.ts';
import { configureApi, setUnauthorizedHandler } from '#src/api/client.ts';
import { dropEarly, sendEarly } from '#src/api/early.ts';
import { errorMessage, errorStatus, isNetworkError, UNKNOWN_ERROR } from '#src/api/errors.ts';
import { pollConversations } from '#src/api/messaging.ts';
import { getMe } from '#src/api/users.ts';

const user = {
  userid: 'u-1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'owner@demo.local',
  role: 'owner' as const,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answer: () => Response | Promise<Response>;
let requests: Request[];

beforeEach(() => {
  requests = [];
  answer = () => json({});
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(new URL(String(input), 'http://portal.test'), init));
    return answer();
  });
  configureApi({
    baseUrl: 'http://portal.test',
    accessToken: async () => 'access-123',
    fetch: fakeFetch as typeof fetch,
  });
});

afterEach(() => vi.restoreAllMocks());

const last = () => requests.at(-1)!;

describe('headers', () => {
  it('sends the bearer token on product calls, without the anti-forgery header on reads', async () => {
    answer = () => json(user);
    await expect(getMe()).resolves.toEqual(user);
    expect(last().method).toBe('GET');
    expect(last().url).toBe('http://portal.test/api/users/me');
    expect(last().headers.get('authorization')).toBe('Bearer access-123');
    expect(last().headers.get('x-requested-with')).toBeNull();
  });

  it('adds X-Requested-With: XMLHttpRequest on writes', async () => {
    answer = () => json(business);
    await updateMyBusiness({ businessname: 'Corner Cafe' });
    expect(last().method).toBe('PUT');
    expect(last().headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(last().headers.get('authorization')).toBe('Bearer access-123');
    expect(await last().json()).toEqual({ businessname: 'Corner Cafe' });
  });

  it('never sends the bearer token on public and password-reset calls', async () => {
    answer = () => json({ message: 'ok' });
    await requestPasswordReset('owner@demo.local');
    expect(last().headers.get('authorization')).toBeNull();
    expect(last().headers.get('x-requested-with')).toBe('XMLHttpRequest');
    await verifyEmail('tok-1');
    expect(last().url).toBe('http://portal.test/api/public/verify-email?token=tok-1');
    expect(last().headers.get('authorization')).toBeNull();
    expect(last().headers.get('x-requested-with')).toBeNull();
  });

  it('sends no Authorization header at all when there is no session', async () => {
    configureApi({ accessToken: async () => undefined });
    answer = () => json(user);
    await getMe();
    expect(last().headers.get('authorization')).toBeNull();
  });
});

describe('answers', () => {
  it('rejects an answer that does not match the contract with "Invalid response format from server"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => json({ userid: 42 });
    const error = await getMe().catch((e: unknown) => e);
    expect(errorMessage(error, 'Could not load.')).toBe('Invalid response format from server');
  });

  it('reports a 404 with its status, so the session can treat "no business yet" as empty', async () => {
    answer = () => json({ message: 'No business profile found.' }, 404);
    const error = await getMyBusiness().catch((e: unknown) => e);
    expect(errorStatus(error)).toBe(404);
    expect(errorMessage(error, 'x')).toBe('No business profile found.');
  });
});

describe('401', () => {
  it('calls the unauthorized handler on a product call', async () => {
    const handler = vi.fn();
    const remove = setUnauthorizedHandler(handler);
    answer = () => json({ message: 'Token expired.' }, 401);
    await expect(getMe()).rejects.toThrow('Token expired.');
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
    await expect(getMe()).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not call it for public calls (a bad reset link is not an expired session)', async () => {
    const handler = vi.fn();
    const remove = setUnauthorizedHandler(handler);
    answer = () => json({ message: 'Invalid or expired link.' }, 401);
    await expect(verifyEmail('bad')).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
    remove();
  });
});

describe('errorMessage', () => {
  it("prefers the response body's message", async () => {
    answer = () => json({ message: 'Business name is required.' }, 400);
    const error = await updateMyBusiness({ businessname: '' }).catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to update.')).toBe('Business name is required.');
  });

  it('falls back to the fixed text when an HTTP error has no body message', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    const error = await getMe().catch((e: unknown) => e);
    expect(errorMessage(error, 'Could not load vouchers.')).toBe('Could not load vouchers.');
    expect(errorMessage(error)).toBe(UNKNOWN_ERROR);
  });

  it("tells network failures apart and words them with the spec's network fallback", async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await requestPasswordReset('owner@demo.local').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(errorMessage(error, 'Failed to send reset email')).toBe('An unknown network error occurred.');
  });

  it("uses a plain error's message (e.g. the identity provider's), else the fallback", () => {
    expect(errorMessage(new Error('Incorrect username or password.'), 'x')).toBe('Incorrect username or password.');
    expect(errorMessage({ data: { message: 'From a body' } }, 'x')).toBe('From a body');
    expect(errorMessage('boom', 'Fallback text')).toBe('Fallback text');
    expect(errorMessage(undefined)).toBe('An unknown network error occurred.');
    expect(isNetworkError(new Error('x'))).toBe(false);
  });
});

describe('answers the boot entry sent early (src/api/early.ts)', () => {
  // What the boot entry's own fetch got back, per address (path and query); the client's own calls go through `answer`.
  const earlyFetch = (answers: Record<string, () => Promise<Response>>) =>
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input));
      return answers[url.pathname + url.search]!();
    }) as unknown as typeof fetch;
  /** The boot entry sends these addresses early with `token`; each gets the answer given here. */
  const sendEarlyFor = (answers: Record<string, () => Promise<Response>>, token = 'access-123') =>
    sendEarly(Object.keys(answers), token, 'http://portal.test', earlyFetch(answers));

  afterEach(() => dropEarly());

  it('uses the early answer for the same GET with the same token, once, without asking again', async () => {
    const fetcher = earlyFetch({ '/api/users/me': async () => json(user) });
    sendEarly(['/api/users/me'], 'access-123', 'http://portal.test', fetcher);
    expect(fetcher).toHaveBeenCalledWith('http://portal.test/api/users/me', {
      headers: { Accept: 'application/json', Authorization: 'Bearer access-123' },
    });
    await expect(getMe()).resolves.toEqual(user);
    expect(requests).toHaveLength(0);
    // The second call is a new request: an early answer is never used twice.
    answer = () => json({ ...user, firstname: 'Grace' });
    await expect(getMe()).resolves.toMatchObject({ firstname: 'Grace' });
    expect(requests).toHaveLength(1);
  });

  it('asks again when the token has changed since', async () => {
    sendEarlyFor({ '/api/users/me': async () => json(user) }, 'an-older-token');
    answer = () => json({ ...user, firstname: 'Grace' });
    await expect(getMe()).resolves.toMatchObject({ firstname: 'Grace' });
    expect(last().headers.get('authorization')).toBe('Bearer access-123');
  });

  it('takes a refusal as the answer, as its own (a 401 signs out), and asks again only after a network failure', async () => {
    const onUnauthorized = vi.fn();
    const remove = setUnauthorizedHandler(onUnauthorized);
    sendEarlyFor({
      '/api/users/me': async () => json({ message: 'Your session has expired. Please sign in again.' }, 401),
      '/api/businesses/me': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(getMe()).rejects.toMatchObject({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    answer = () => json(business);
    await expect(getMyBusiness()).resolves.toEqual(business);
    // Only the business profile, whose early request never got an answer, was asked for again.
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/businesses/me']);
    remove();
  });

  it('gives a poll an early refusal with its status line and Retry-After', async () => {
    sendEarlyFor({
      '/api/messaging/business/conversations?status=active': async () =>
        new Response(JSON.stringify({ message: 'Too many requests.' }), {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Retry-After': '30', 'Content-Type': 'application/json' },
        }),
    });
    await expect(pollConversations('active', null)).rejects.toMatchObject({
      status: 429,
      statusText: 'Too Many Requests',
      retryAfter: 30,
    });
    expect(requests).toHaveLength(0);
  });

  it('drops the answers not yet used when the owner writes something', async () => {
    sendEarlyFor({ '/api/businesses/me': async () => json(business) });
    answer = () => json({ ...business, businessname: 'Corner Cafe' });
    await updateMyBusiness({ businessname: 'Corner Cafe' });
    await expect(getMyBusiness()).resolves.toMatchObject({ businessname: 'Corner Cafe' });
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'GET']);
  });

  it('matches a GET with a query by its address, and gives a poll the early ETag', async () => {
    sendEarlyFor({
      '/api/messaging/business/conversations?status=active': async () =>
        new Response(JSON.stringify([]), { headers: { ETag: '"v7"' } }),
    });
    await expect(pollConversations('active', null)).resolves.toEqual({ kind: 'fresh', data: [], etag: '"v7"' });
    expect(requests).toHaveLength(0);
    // The next poll is the client's own, with the ETag it was given.
    answer = () => new Response(null, { status: 304 });
    await expect(pollConversations('active', '"v7"')).resolves.toEqual({ kind: 'unchanged' });
    expect(last().headers.get('if-none-match')).toBe('"v7"');
  });

  it('leaves an early answer for another query unused', async () => {
    sendEarlyFor({ '/api/messaging/business/conversations?status=active': async () => json([]) });
    answer = () => json([]);
    await pollConversations('archived', null);
    expect(new URL(last().url).search).toBe('?status=archived');
  });
});
