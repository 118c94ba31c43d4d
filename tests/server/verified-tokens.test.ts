import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_TEXTS } from '#contracts/team.ts';
import { secondCopy, startTestServer, testClock } from './harness.ts';
import { cognitoCall, srpTokens } from './support/amplify.ts';
import { type SignedInOwner, signedInOwner } from './support/signed-in.ts';
import { MEMBER_PASSWORD, signedInMember } from './support/team.ts';

/**
 * A token is verified once and remembered by its hash until it expires (server/identity/verified-tokens.ts,
 * decision 029), but what the session says is read on every request: each test first USES a token, so
 * the copy that answers next has it remembered, and then changes what is behind it.
 */

const time = testClock();
const server = await startTestServer({ clock: time.clock });
let owner: SignedInOwner;
afterAll(() => server.stop());
beforeAll(async () => {
  owner = await signedInOwner(server, { email: 'tess@example.com', businessName: 'Tess Teas' });
});

const EXPIRED = { message: 'Your session has expired. Please sign in again.' };
const me = (token: string, copy: Pick<typeof server, 'api'> = server) => copy.api('GET', '/api/users/me', { token });

describe('a remembered token', () => {
  it('is refused at the next request once its session is revoked (RevokeToken, then GlobalSignOut)', async () => {
    const first = await srpTokens(server, owner.email, owner.password);
    const second = await srpTokens(server, owner.email, owner.password);
    expect((await me(first.AccessToken)).status).toBe(200);
    expect((await me(second.AccessToken)).status).toBe(200);

    const revoke = await cognitoCall(server, 'RevokeToken', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      Token: first.RefreshToken,
    });
    expect(revoke.status).toBe(200);
    const refused = await me(first.AccessToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(EXPIRED);
    // The other session is untouched.
    expect((await me(second.AccessToken)).status).toBe(200);

    expect((await cognitoCall(server, 'GlobalSignOut', { AccessToken: second.AccessToken })).status).toBe(200);
    expect((await me(second.AccessToken)).status).toBe(401);
    owner.token = (await srpTokens(server, owner.email, owner.password)).AccessToken;
  });

  it('is refused on another copy at its next request once the member is demoted, then removed', async () => {
    const other = await secondCopy(server);
    try {
      const member = await signedInMember(server, owner.token, { email: 'milo@example.com', role: 'manager' });
      const token = (await srpTokens(other, member.email, MEMBER_PASSWORD)).AccessToken;
      const vouchers = () => other.api('GET', '/api/businesses/me/vouchers', { token });
      expect((await vouchers()).status).toBe(200);
      expect(await (await me(token, other)).json()).toMatchObject({ email: member.email, role: 'manager' });

      const path = `/api/businesses/me/team/${member.userid}`;
      expect((await server.api('PUT', path, { token: owner.token, body: { role: 'staff' } })).status).toBe(200);
      const below = await vouchers();
      expect(below.status).toBe(403);
      expect(await below.json()).toEqual({ message: TEAM_TEXTS.forbidden });
      expect(await (await me(token, other)).json()).toMatchObject({ role: 'staff' });

      expect((await server.api('DELETE', path, { token: owner.token })).status).toBe(200);
      const removed = await me(token, other);
      expect(removed.status).toBe(401);
      expect(await removed.json()).toEqual(EXPIRED);
    } finally {
      await other.stop();
    }
  });

  it('is refused from the second of its expiry on the server clock', async () => {
    const { AccessToken } = await srpTokens(server, owner.email, owner.password);
    const exp = Number(decodeJwt(AccessToken).exp);
    expect((await me(AccessToken)).status).toBe(200);
    time.set(exp * 1000 - 1000);
    expect((await me(AccessToken)).status).toBe(200);
    time.set(exp * 1000);
    const expired = await me(AccessToken);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual(EXPIRED);
  });
});
