import * as v from 'valibot';
import type { Env } from '../env.ts';
import { describeRoutes } from '../openapi/describe.ts';

const tags = ['Identity'];
const OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
].map((name) => `AWSCognitoIdentityProviderService.${name}`);

const JsonWebKeys = v.object({ keys: v.array(v.record(v.string(), v.unknown())) });

const cognito = (clientId: string) => ({
  summary: 'The Cognito user-pool JSON protocol (the operation is named in X-Amz-Target)',
  description:
    'The endpoint the unmodified `aws-amplify/auth` client talks to (`Auth.Cognito.userPoolEndpoint`), speaking Amazon Cognito\'s `application/x-amz-json-1.1` protocol: SRP sign-in, refresh, GetUser, sign-out. Errors are `{ "__type", "message" }` with `x-amzn-ErrorType`. See docs/identity-protocol.md.',
  tags,
  headers: [{ name: 'X-Amz-Target', required: true, description: 'The operation.', enum: OPERATIONS }],
  body: {
    schema: v.record(v.string(), v.unknown()),
    mediaType: 'application/x-amz-json-1.1',
    // SRP's A is g^a mod N for the client's secret a: any value that is not a multiple of N starts a sign-in.
    example: {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: 'ada@example.com', SRP_A: '5'.repeat(64) },
    },
  },
  ok: { 200: v.record(v.string(), v.unknown()) },
  errors: [400, 413, 429],
});

const preflight = {
  summary: 'CORS preflight of the identity endpoint',
  tags,
  ok: { 204: null },
};

/** cognito.routes.ts: the identity endpoint (its own protocol, not the API's). */
export const identityApi = (env: Pick<Env, 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID'>) =>
  describeRoutes('identity', {
    'POST /cognito': cognito(env.USER_POOL_CLIENT_ID),
    'POST /cognito/*': {
      ...cognito(env.USER_POOL_CLIENT_ID),
      wildcard: { name: 'path', description: 'Any path: Amplify may append one.' },
    },
    'OPTIONS /cognito': preflight,
    'OPTIONS /cognito/*': { ...preflight, wildcard: { name: 'path', description: 'Any path.' } },
    'GET /cognito/.well-known/jwks.json': {
      summary: 'The public keys that sign access and id tokens',
      tags,
      ok: { 200: JsonWebKeys },
    },
    [`GET /cognito/${env.USER_POOL_ID}/.well-known/jwks.json`]: {
      summary: "The public keys, at the user pool's issuer path",
      tags,
      ok: { 200: JsonWebKeys },
    },
  });
