import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authChallenges } from '../../server/db/schema.ts';
import { clientSignature, clientStart, fromHex, poolNameOf, srpTimestamp } from '../../server/identity/srp.ts';
import { sha256 } from '../../server/lib/crypto.ts';
import { startTestServer, type TestServer, testClock } from './harness.ts';
import { cognitoCall, createOwner, srpSignIn, srpTokens } from './support/amplify.ts';

// The wire protocol: a second real client (the AWS SDK v3), and the edges Amplify never exercises.

const time = testClock();
let server: TestServer;
const PASSWORD = 'Correct#Horse1';
let clientId: string;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  clientId = server.env.USER_POOL_CLIENT_ID;
  await createOwner(server, { email: 'owner@example.com', password: PASSWORD });
  await createOwner(server, { email: 'reset@example.com', password: PASSWORD, status: 'RESET_REQUIRED' });
  await createOwner(server, { email: 'temp@example.com', password: 'Temporary#1', status: 'FORCE_CHANGE_PASSWORD' });
});
afterAll(() => server?.stop());
beforeEach(() => time.advance(61_000));

const startSrp = (username: string, A = clientStart().A) =>
  cognitoCall(server, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });

describe('AWS SDK CognitoIdentityProviderClient with a custom endpoint', () => {
  it('completes InitiateAuth + RespondToAuthChallenge and GetUser', async () => {
    const sdk = new CognitoIdentityProviderClient({
      endpoint: `${server.url}/cognito/`,
      region: 'local',
      credentials: { accessKeyId: 'dummy', secretAccessKey: 'dummy' },
    });
    const { a, A } = clientStart();
    const started = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'owner@example.com', SRP_A: A.toString(16) },
      }),
    );
    expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
    const p = started.ChallengeParameters!;
    const timestamp = srpTimestamp(new Date());
    const answer = await sdk.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: clientId,
        ChallengeResponses: {
          USERNAME: p.USER_ID_FOR_SRP!,
          PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK!,
          TIMESTAMP: timestamp,
          PASSWORD_CLAIM_SIGNATURE: clientSignature({
            a,
            A,
            B: fromHex(p.SRP_B!),
            saltHex: p.SALT!,
            poolName: poolNameOf(server.env.USER_POOL_ID),
            userId: p.USER_ID_FOR_SRP!,
            password: PASSWORD,
            secretBlock: p.SECRET_BLOCK!,
            timestamp,
          }),
        },
      }),
    );
    expect(answer.AuthenticationResult?.RefreshToken).toBeTruthy();
    const user = await sdk.send(new GetUserCommand({ AccessToken: answer.AuthenticationResult!.AccessToken }));
    expect(user.Username).toBe(p.USER_ID_FOR_SRP);
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: 'owner@example.com' });
    // The SDK parses our errors too.
    const bad = await sdk.send(new GetUserCommand({ AccessToken: 'not-a-jwt' })).catch((error: Error) => error);
    expect((bad as Error).name).toBe('NotAuthorizedException');
    expect((bad as Error).message).toBe('Invalid Access Token');
  });
});

describe('envelope', () => {
  it('answers the CORS preflight and exposes the error headers', async () => {
    const preflight = await server.request('/cognito/', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'amz-sdk-invocation-id,amz-sdk-request,cache-control,content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    const error = await cognitoCall(server, 'GetUser', { AccessToken: 'x' }, { origin: 'http://localhost:5173' });
    expect(error.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(error.headers.get('access-control-expose-headers')).toMatch(/x-amzn-ErrorType/i);
    expect(error.headers.get('x-amzn-requestid')).toBeTruthy();
  });

  it('uses 400, __type = x-amzn-errortype, and never 500 for bad input', async () => {
    const cases = [
      [await cognitoCall(server, 'NoSuchThing', {}), 'InvalidParameterException'],
      [await cognitoCall(server, 'InitiateAuth', '{"AuthFlow": '), 'SerializationException'],
      [await cognitoCall(server, 'InitiateAuth', '[1]'), 'SerializationException'],
      [
        await cognitoCall(server, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: 'other' }),
        'ResourceNotFoundException',
      ],
      [await cognitoCall(server, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH' }), 'InvalidParameterException'],
      [
        await cognitoCall(server, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId }),
        'InvalidParameterException',
      ],
      [
        await cognitoCall(server, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: 'owner@example.com', SRP_A: 'zz' },
        }),
        'InvalidParameterException',
      ],
      [
        await cognitoCall(server, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: 5 }),
        'InvalidParameterException',
      ],
      [
        await cognitoCall(server, 'RespondToAuthChallenge', { ChallengeName: 'SMS_MFA', ClientId: clientId }),
        'InvalidParameterException',
      ],
    ] as const;
    for (const [response, type] of cases) {
      expect(response.status).toBe(400);
      expect(response.json.__type).toBe(type);
      expect(response.headers.get('x-amzn-errortype')).toBe(type);
      expect(typeof response.json.message).toBe('string');
    }
    const missingClient = cases[3][0];
    expect(missingClient.json.message).toBe('User pool client other does not exist.');
  });

  it('publishes the JWKS (public parts only)', async () => {
    const response = await server.request('/cognito/.well-known/jwks.json');
    const { keys } = await response.json();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
    const pooled = await server.request(`/cognito/${server.env.USER_POOL_ID}/.well-known/jwks.json`);
    expect((await pooled.json()).keys).toEqual(keys);
  });
});

describe('SRP edges', () => {
  it('gives an unknown e-mail a stable decoy that looks like a real challenge', async () => {
    const [real, decoy1, decoy2] = [
      await startSrp('owner@example.com'),
      await startSrp('nobody@example.com'),
      await startSrp('NOBODY@example.com'),
    ];
    for (const r of [real, decoy1, decoy2]) {
      expect(r.status).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual(['ChallengeName', 'ChallengeParameters']);
      expect(Object.keys(r.json.ChallengeParameters).sort()).toEqual([
        'SALT',
        'SECRET_BLOCK',
        'SRP_B',
        'USERNAME',
        'USER_ID_FOR_SRP',
      ]);
      expect(r.json.ChallengeParameters.USERNAME).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(r.json.ChallengeParameters.SECRET_BLOCK.length).toBe(real.json.ChallengeParameters.SECRET_BLOCK.length);
    }
    expect(decoy1.json.ChallengeParameters.USERNAME).toBe(decoy2.json.ChallengeParameters.USERNAME);
    expect(decoy1.json.ChallengeParameters.SALT).toBe(decoy2.json.ChallengeParameters.SALT);
    expect(decoy1.json.ChallengeParameters.SRP_B).not.toBe(decoy2.json.ChallengeParameters.SRP_B);
    const again = await startSrp('owner@example.com');
    expect(again.json.ChallengeParameters.SALT).toBe(real.json.ChallengeParameters.SALT);
  });

  it('stores a decoy challenge like a real one, so the database work does not tell them apart', async () => {
    const stored = async (secretBlock: string) =>
      server.deps.db
        .select()
        .from(authChallenges)
        .where(eq(authChallenges.idHash, sha256(secretBlock)));
    const real = (await startSrp('owner@example.com')).json.ChallengeParameters;
    const decoy = (await startSrp('stranger@example.com')).json.ChallengeParameters;
    expect((await stored(real.SECRET_BLOCK)).map((row) => row.userid === null)).toEqual([false]);
    expect((await stored(decoy.SECRET_BLOCK)).map((row) => row.userid === null)).toEqual([true]);
    // Answering either with a bad signature is the same NotAuthorizedException, and spends the row.
    for (const p of [real, decoy]) {
      const answer = await cognitoCall(server, 'RespondToAuthChallenge', {
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: clientId,
        ChallengeResponses: {
          USERNAME: p.USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
          TIMESTAMP: srpTimestamp(new Date()),
          PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 7).toString('base64'),
        },
      });
      expect(answer.json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      expect(await stored(p.SECRET_BLOCK)).toEqual([]);
    }
  });

  it('accepts SRP_A with leading zeros or upper case, and refuses A ≡ 0', async () => {
    const { A } = clientStart();
    const padded = await cognitoCall(server, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: 'owner@example.com', SRP_A: `000${A.toString(16).toUpperCase()}` },
    });
    expect(padded.status).toBe(200);
    const zero = await startSrp('owner@example.com', 0n);
    expect(zero.json.__type).toBe('InvalidParameterException');
  });

  it('uses a SECRET_BLOCK once; a replay is NotAuthorized', async () => {
    const { a, A } = clientStart();
    const started = await startSrp('owner@example.com', A);
    const p = started.json.ChallengeParameters;
    const timestamp = srpTimestamp(new Date());
    const body = {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: clientId,
      ChallengeResponses: {
        USERNAME: p.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: clientSignature({
          a,
          A,
          B: fromHex(p.SRP_B),
          saltHex: p.SALT,
          poolName: poolNameOf(server.env.USER_POOL_ID),
          userId: p.USER_ID_FOR_SRP,
          password: PASSWORD,
          secretBlock: p.SECRET_BLOCK,
          timestamp,
        }),
      },
    };
    expect((await cognitoCall(server, 'RespondToAuthChallenge', body)).status).toBe(200);
    const replay = await cognitoCall(server, 'RespondToAuthChallenge', body);
    expect(replay.json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const badTime = await cognitoCall(server, 'RespondToAuthChallenge', {
      ...body,
      ChallengeResponses: { ...body.ChallengeResponses, TIMESTAMP: '2024-03-05T09:04:03Z' },
    });
    expect(badTime.json.__type).toBe('InvalidParameterException');
  });

  it('answers RESET_REQUIRED with PasswordResetRequiredException after the right password only', async () => {
    await expect(srpSignIn(server, 'reset@example.com', 'Wrong#Horse1')).rejects.toMatchObject({
      type: 'NotAuthorizedException',
    });
    await expect(srpSignIn(server, 'reset@example.com', PASSWORD)).rejects.toMatchObject({
      type: 'PasswordResetRequiredException',
    });
  });

  it('refuses a disabled user after the right password with "User is disabled."', async () => {
    const user = await createOwner(server, { email: 'disabled@example.com', password: PASSWORD });
    const { users } = await import('../../server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await server.deps.db.update(users).set({ enabled: false }).where(eq(users.userid, user.userid));
    await expect(srpSignIn(server, 'disabled@example.com', PASSWORD)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('limits SRP calls per IP address with TooManyRequestsException', async () => {
    let last: Awaited<ReturnType<typeof startSrp>> | undefined;
    const A = clientStart().A;
    for (let i = 0; i < 61; i++) last = await startSrp(`flood${i}@example.com`, A);
    expect(last!.status).toBe(400);
    expect(last!.json.__type).toBe('TooManyRequestsException');
  });

  it('takes SIGNIN_LIMIT_PER_MINUTE sign-in requests a minute from one address, then refuses the next', async () => {
    const limited = await startTestServer({ env: { SIGNIN_LIMIT_PER_MINUTE: '3' } });
    try {
      const A = clientStart().A;
      const start = (n: number) =>
        cognitoCall(limited, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: `limited${n}@example.com`, SRP_A: A.toString(16) },
        });
      for (let i = 0; i < 3; i++) expect((await start(i)).json.__type).toBeUndefined();
      const refused = await start(3);
      expect(refused.json.__type).toBe('TooManyRequestsException');
      expect(refused.json.message).toBe('Too many requests. Please wait a minute and try again.');
    } finally {
      await limited.stop();
    }
  });
});

describe('NEW_PASSWORD_REQUIRED session', () => {
  it('has a non-empty Session, expires after 3 minutes, and is single use', async () => {
    const challenge = await srpSignIn(server, 'temp@example.com', 'Temporary#1');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session).toBeTruthy();
    expect(challenge.ChallengeParameters.requiredAttributes).toBe('[]');
    const respond = (password: string, session = challenge.Session) =>
      cognitoCall(server, 'RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: clientId,
        Session: session,
        ChallengeResponses: { USERNAME: challenge.ChallengeParameters.USER_ID_FOR_SRP, NEW_PASSWORD: password },
      });
    expect((await respond('short')).json.__type).toBe('InvalidPasswordException');
    time.advance(3 * 60_000 + 1000);
    expect((await respond('Long#Enough1')).json).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    const second = await srpSignIn(server, 'temp@example.com', 'Temporary#1');
    const done = await respond('Long#Enough1', second.Session);
    expect(done.json.AuthenticationResult.RefreshToken).toBeTruthy();
    expect((await respond('Long#Enough2', second.Session)).json.__type).toBe('NotAuthorizedException');
    expect((await srpTokens(server, 'temp@example.com', 'Long#Enough1')).AccessToken).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('REFRESH_TOKEN_AUTH returns new tokens and keeps the refresh token; unknown tokens are NotAuthorized', async () => {
    const tokens = await srpTokens(server, 'owner@example.com', PASSWORD);
    for (const flow of ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']) {
      const result = await cognitoCall(server, 'InitiateAuth', {
        AuthFlow: flow,
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
      });
      expect(result.status).toBe(200);
      expect(result.json.AuthenticationResult.AccessToken).toBeTruthy();
      expect(result.json.AuthenticationResult.IdToken).toBeTruthy();
      expect(result.json.AuthenticationResult.RefreshToken).toBeUndefined();
    }
    const unknown = await cognitoCall(server, 'GetTokensFromRefreshToken', {
      ClientId: clientId,
      RefreshToken: 'nope',
    });
    expect(unknown.json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await srpTokens(server, 'owner@example.com', PASSWORD);
    time.advance((server.env.REFRESH_TOKEN_TTL + 1) * 1000);
    const result = await cognitoCall(server, 'GetTokensFromRefreshToken', {
      ClientId: clientId,
      RefreshToken: tokens.RefreshToken,
    });
    expect(result.json).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' });
  });

  it('tolerates a rotated token used again within the grace period (two tabs), not later', async () => {
    const tokens = await srpTokens(server, 'owner@example.com', PASSWORD);
    const rotate = () =>
      cognitoCall(server, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: tokens.RefreshToken });
    const first = await rotate();
    expect(first.json.AuthenticationResult.RefreshToken).not.toBe(tokens.RefreshToken);
    time.advance(5_000);
    expect((await rotate()).status).toBe(200);
    time.advance(10_000);
    expect((await rotate()).json.__type).toBe('NotAuthorizedException');
    const successor = await cognitoCall(server, 'GetTokensFromRefreshToken', {
      ClientId: clientId,
      RefreshToken: first.json.AuthenticationResult.RefreshToken,
    });
    expect(successor.json).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });
});
