import { eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signingKeys } from '../../server/db/schema.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { cognitoCall, createOwner, srpTokens } from './support/amplify.ts';

// What the product API accepts as a bearer token, and what it refuses.

const time = testClock();
let server: TestServer;
const PASSWORD = 'Correct#Horse1';
const me = (token?: string) => server.api('GET', '/api/users/me', { token });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let ownerId: string;
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  ownerId = (await createOwner(server, { email: 'owner@example.com', password: PASSWORD })).userid;
  await createOwner(server, { email: 'customer@example.com', password: PASSWORD, group: 'Customers' });
});
afterAll(() => server?.stop());
beforeEach(() => time.advance(61_000));

/** Re-signs a real token's claims (changed as asked) with the server's own key. */
async function forge(token: string, changes: JWTPayload, header: Record<string, unknown> = {}) {
  const [row] = await server.deps.db.select().from(signingKeys).where(eq(signingKeys.active, true));
  const key = await importJWK(row!.privateJwk as JWK, 'RS256');
  return new SignJWT({ ...decodeJwt(token), ...changes })
    .setProtectedHeader({ alg: 'RS256', kid: row!.kid, ...header })
    .sign(key);
}

describe('the API refuses', () => {
  it('no token and a malformed one (401)', async () => {
    expect((await me()).status).toBe(401);
    expect((await me('not.a.jwt')).status).toBe(401);
  });

  it('accepts a genuine owner token (control)', async () => {
    const { AccessToken } = await srpTokens(server, 'owner@example.com', PASSWORD);
    expect((await me(AccessToken)).status).toBe(200);
    expect((await me(await forge(AccessToken, {}))).status).toBe(200);
  });

  it('a token signed by another key, alg none, and HS256 with the public key as secret', async () => {
    const { AccessToken } = await srpTokens(server, 'owner@example.com', PASSWORD);
    const claims = decodeJwt(AccessToken);
    const kid = JSON.parse(Buffer.from(AccessToken.split('.')[0]!, 'base64url').toString()).kid;
    const { privateKey } = await generateKeyPair('RS256');
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    expect((await me(otherKey)).status).toBe(401);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await me(none)).status).toBe(401);
    const jwks = await server.deps.identity.jwks();
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
    expect((await me(hs256)).status).toBe(401);
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'nope' }).sign(privateKey);
    expect((await me(unknownKid)).status).toBe(401);
  });

  it('an expired token', async () => {
    const { AccessToken } = await srpTokens(server, 'owner@example.com', PASSWORD);
    time.advance((server.env.ACCESS_TOKEN_TTL + 1) * 1000);
    expect((await me(AccessToken)).status).toBe(401);
    const getUser = await cognitoCall(server, 'GetUser', { AccessToken });
    expect(getUser.json).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has expired' });
  });

  it('an id token used as an access token, and correctly signed tokens with wrong claims', async () => {
    const { AccessToken, IdToken } = await srpTokens(server, 'owner@example.com', PASSWORD);
    expect((await me(IdToken)).status).toBe(401);
    for (const changes of [
      { token_use: 'id' },
      { client_id: 'another-client' },
      { iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' },
      { origin_jti: '00000000-0000-4000-8000-000000000000' },
      { sub: '00000000-0000-4000-8000-000000000000' },
      { origin_jti: undefined },
    ]) {
      expect((await me(await forge(AccessToken, changes))).status, JSON.stringify(changes)).toBe(401);
    }
  });

  it('a Customers user (403)', async () => {
    const { AccessToken } = await srpTokens(server, 'customer@example.com', PASSWORD);
    expect((await me(AccessToken)).status).toBe(403);
  });

  it('revoked sessions (401): RevokeToken, GlobalSignOut, a password change', async () => {
    const revoked = await srpTokens(server, 'owner@example.com', PASSWORD);
    const kept = await srpTokens(server, 'owner@example.com', PASSWORD);
    const revoke = await cognitoCall(server, 'RevokeToken', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      Token: revoked.RefreshToken,
    });
    expect(revoke).toMatchObject({ status: 200, json: {} });
    expect((await me(revoked.AccessToken)).status).toBe(401);
    expect((await me(kept.AccessToken)).status).toBe(200);

    const global = await cognitoCall(server, 'GlobalSignOut', { AccessToken: kept.AccessToken });
    expect(global).toMatchObject({ status: 200, json: {} });
    expect((await me(kept.AccessToken)).status).toBe(401);
    expect((await cognitoCall(server, 'GlobalSignOut', { AccessToken: kept.AccessToken })).json.__type).toBe(
      'NotAuthorizedException',
    );

    const beforeReset = await srpTokens(server, 'owner@example.com', PASSWORD);
    await server.deps.identity.setPassword(ownerId, 'Another#Horse2');
    expect((await me(beforeReset.AccessToken)).status).toBe(401);
    const refresh = await cognitoCall(server, 'GetTokensFromRefreshToken', {
      ClientId: server.env.USER_POOL_CLIENT_ID,
      RefreshToken: beforeReset.RefreshToken,
    });
    expect(refresh.json.__type).toBe('NotAuthorizedException');
    await expect(srpTokens(server, 'owner@example.com', PASSWORD)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
    });
    const after = await srpTokens(server, 'owner@example.com', 'Another#Horse2');
    expect((await me(after.AccessToken)).status).toBe(200);
    await server.deps.identity.revokeAllSessions(ownerId);
    expect((await me(after.AccessToken)).status).toBe(401);
    await server.deps.identity.setPassword(ownerId, PASSWORD);
  });
});

describe('keys and issuer', () => {
  it('keeps its signing key across restarts (same database) and verifies with JWKS_URL like a real pool', async () => {
    const { AccessToken } = await srpTokens(server, 'owner@example.com', PASSWORD);
    const { createIdentity } = await import('../../server/identity/identity.ts');
    const again = await createIdentity({
      db: server.deps.db,
      env: server.env,
      clock: time.clock,
      log: server.deps.log,
    });
    expect((await again.jwks()).keys).toEqual((await server.deps.identity.jwks()).keys);
    expect((await again.verifyAccessToken(AccessToken)).sub).toBe(ownerId);

    // JWKS_URL mode (real Cognito): signature, issuer, token_use and client_id; no local revocation table.
    const remote = await createIdentity({
      db: server.deps.db,
      env: {
        ...server.env,
        JWKS_URL: `${server.url}/cognito/.well-known/jwks.json`,
        TOKEN_ISSUER: `urn:local-cognito:${server.env.USER_POOL_ID}`,
      },
      clock: time.clock,
      log: server.deps.log,
    });
    const claims = await remote.verifyAccessToken(AccessToken);
    expect(claims).toMatchObject({ sub: ownerId, groups: ['BusinessOwners'] });
    const { IdToken } = await srpTokens(server, 'owner@example.com', PASSWORD);
    await expect(remote.verifyAccessToken(IdToken)).rejects.toThrow('Invalid Access Token');
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const foreign = await new SignJWT(decodeJwt(AccessToken))
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? 'x' })
      .sign(privateKey);
    await expect(remote.verifyAccessToken(foreign)).rejects.toThrow();
  });

  it('costs the server only a few milliseconds per SRP sign-in', async () => {
    const runs = 10;
    server.logs.length = 0;
    for (let i = 0; i < runs; i++) await srpTokens(server, 'owner@example.com', PASSWORD);
    const ms = server.logs
      .filter((line) => /\((InitiateAuth|RespondToAuthChallenge)\) 200/.test(line))
      .map((line) => Number(/ ([\d.]+)ms$/.exec(line)![1]));
    const perSignIn = ms.reduce((sum, value) => sum + value, 0) / runs;
    console.log(`server time per SRP sign-in (InitiateAuth + RespondToAuthChallenge): ${perSignIn.toFixed(1)} ms`);
    expect(perSignIn).toBeLessThan(500);
  });
});
