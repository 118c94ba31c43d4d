/**
 * The stored session the portal uses without loading Amplify: only this client's tokens, only while both
 * are valid for another minute (Amplify's own expiry rule, clock drift included); anything else is left
 * to Amplify, which refreshes or signs out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { storedSession } from '#src/auth/stored-session.ts';

const CLIENT = 'owner-portal-web';
const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: Record<string, unknown>) =>
  `${base64url(JSON.stringify({ alg: 'RS256' }))}.${base64url(JSON.stringify(payload))}.signature`;
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

function store({
  client = CLIENT,
  user = 'owner-sub',
  access = jwt({ exp: inSeconds(3600), 'cognito:groups': ['BusinessOwners'] }),
  id = jwt({ exp: inSeconds(3600) }) as string | null,
  clockDrift = '0',
} = {}) {
  const keys = `CognitoIdentityServiceProvider.${client}`;
  localStorage.setItem(`${keys}.LastAuthUser`, user);
  localStorage.setItem(`${keys}.${user}.accessToken`, access);
  if (id) localStorage.setItem(`${keys}.${user}.idToken`, id);
  localStorage.setItem(`${keys}.${user}.clockDrift`, clockDrift);
  return access;
}

describe('storedSession', () => {
  beforeEach(() => localStorage.clear());

  it('hands out the stored access token and its groups while both tokens are valid', () => {
    const access = store();
    expect(storedSession(CLIENT)).toEqual({ accessToken: access, groups: ['BusinessOwners'] });
  });

  it('reads a token without groups as no groups', () => {
    store({ access: jwt({ exp: inSeconds(3600) }) });
    expect(storedSession(CLIENT)?.groups).toEqual([]);
  });

  it('leaves nothing stored, another client and a different user to Amplify', () => {
    expect(storedSession(CLIENT)).toBeUndefined();
    store({ client: 'another-app' });
    expect(storedSession(CLIENT)).toBeUndefined();
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'someone-else');
    expect(storedSession(CLIENT)).toBeUndefined();
  });

  it('leaves tokens that expire within a minute to Amplify (it refreshes them)', () => {
    store({ access: jwt({ exp: inSeconds(30) }) });
    expect(storedSession(CLIENT)).toBeUndefined();
    store({ id: jwt({ exp: inSeconds(-10) }) });
    expect(storedSession(CLIENT)).toBeUndefined();
  });

  it('counts the clock drift Amplify stored, as Amplify does', () => {
    store({ clockDrift: String(3_600_000) });
    expect(storedSession(CLIENT)).toBeUndefined();
    store({ clockDrift: String(-3_600_000), access: jwt({ exp: inSeconds(-1800) }), id: null });
    expect(storedSession(CLIENT)?.groups).toEqual([]);
  });

  it('leaves a malformed token to Amplify', () => {
    store({ access: 'not-a-jwt' });
    expect(storedSession(CLIENT)).toBeUndefined();
    store({ access: `a.${base64url('[1')}.c` });
    expect(storedSession(CLIENT)).toBeUndefined();
  });
});
