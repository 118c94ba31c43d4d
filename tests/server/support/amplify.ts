import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { defaultStorage } from 'aws-amplify/utils';
import { GROUPS, type UserStatus } from '../../../server/identity/types.ts';
import { createBusiness } from '../../../server/routes/businesses/businesses.queries.ts';
import { type Call, CognitoCallError, srpSignIn as srpExchange } from '../../../server/sim/customers.ts';
import type { HttpServer, TestServer } from '../harness.ts';

export { CognitoCallError };

/**
 * The REAL aws-amplify/auth client, in Node, against a test server's absolute userPoolEndpoint.
 * Amplify is a singleton per process and a worker runs several files one after another, so configure it
 * once per file (beforeAll) after startTestServer; tests/server/setup.ts empties its storage before each
 * file. In Node there is no localStorage: tokens live in Amplify's in-memory storage, which
 * `storedTokens` reads.
 */
export function configureAmplify(server: Pick<HttpServer, 'env' | 'url'>) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: server.env.USER_POOL_ID,
        userPoolClientId: server.env.USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${server.url}/cognito/`,
      },
    },
  });
}

export type SignedIn = { accessToken: string; idToken: string; refreshToken: string; username: string };

/** What Amplify keeps for the signed-in user, refresh token included (fetchAuthSession does not expose it). */
export async function storedTokens(server: Pick<HttpServer, 'env'>): Promise<SignedIn> {
  const prefix = `CognitoIdentityServiceProvider.${server.env.USER_POOL_CLIENT_ID}`;
  const username = await defaultStorage.getItem(`${prefix}.LastAuthUser`);
  if (!username) throw new Error('Amplify holds no signed-in user.');
  const read = async (name: string) => (await defaultStorage.getItem(`${prefix}.${username}.${name}`)) ?? '';
  return {
    username,
    accessToken: await read('accessToken'),
    idToken: await read('idToken'),
    refreshToken: await read('refreshToken'),
  };
}

/** Signs in with SRP through Amplify; throws when the result is not "signed in". */
export async function amplifySignIn(
  server: Pick<HttpServer, 'env'>,
  email: string,
  password: string,
): Promise<SignedIn> {
  await signOut().catch(() => undefined);
  const result = await signIn({ username: email, password });
  if (!result.isSignedIn) throw new Error(`sign-in stopped at ${result.nextStep.signInStep}`);
  const session = await fetchAuthSession();
  if (!session.tokens) throw new Error('no tokens after sign-in');
  return storedTokens(server);
}

export type OwnerInput = {
  email: string;
  password: string;
  status?: UserStatus;
  group?: string;
  firstname?: string;
  lastname?: string;
  businessName?: string;
  emailVerified?: boolean;
};

/**
 * A user through the identity API; for BusinessOwners also its business on the Free plan, exactly
 * as registration creates it.
 */
export async function createOwner(server: TestServer, input: OwnerInput) {
  const { db, identity, clock } = server.deps;
  const status = input.status ?? 'CONFIRMED';
  const group = input.group ?? GROUPS.owners;
  return db.transaction(async (tx) => {
    const user = await identity.createUser(
      {
        email: input.email,
        password: input.password,
        firstname: input.firstname ?? 'Test',
        lastname: input.lastname ?? 'Owner',
        groups: [group],
        status,
        emailVerified: input.emailVerified ?? status !== 'UNCONFIRMED',
      },
      tx,
    );
    const businessid =
      group === GROUPS.owners
        ? await createBusiness(tx, {
            ownerUserid: user.userid,
            businessname: input.businessName ?? `${input.firstname ?? 'Test'}'s Business`,
            createdAt: clock(),
          })
        : undefined;
    return { ...user, businessid };
  });
}

/** One raw Cognito JSON call (what the SDK or Amplify sends), for protocol-level assertions. */
export async function cognitoCall(
  server: Pick<TestServer, 'request'>,
  operation: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await server.request('/cognito/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, any> };
}

/**
 * Sign-in without Amplify: the project's own SRP client half (server/sim/customers.ts) over the raw
 * protocol, with `headers` on both calls. Returns the final RespondToAuthChallenge answer (tokens, or a
 * challenge) and throws a CognitoCallError on an error. `answerTo` sends RespondToAuthChallenge to
 * another server (another copy behind a load balancer).
 */
export function srpSignIn(
  server: Pick<TestServer, 'request' | 'env'>,
  username: string,
  password: string,
  headers: Record<string, string> = {},
  answerTo: Pick<TestServer, 'request'> = server,
) {
  const via =
    (target: Pick<TestServer, 'request'>): Call =>
    (path, init = {}) =>
      target.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
  const pool = { userPoolId: server.env.USER_POOL_ID, clientId: server.env.USER_POOL_CLIENT_ID };
  return srpExchange(via(server), pool, username, password, via(answerTo));
}

/** Tokens of a signed-in user via the raw protocol (throws if a challenge comes back instead). */
export async function srpTokens(
  server: Pick<TestServer, 'request' | 'env'>,
  username: string,
  password: string,
  headers: Record<string, string> = {},
  answerTo: Pick<TestServer, 'request'> = server,
) {
  const result = await srpSignIn(server, username, password, headers, answerTo);
  if (!result.AuthenticationResult) throw new Error(`sign-in stopped at ${result.ChallengeName}`);
  return result.AuthenticationResult;
}
