import { type Context, Hono } from 'hono';
import { clientIp } from '../lib/client-ip.ts';
import { newId } from '../lib/crypto.ts';
import { describeError } from '../lib/describe-error.ts';
import { parseRequestJson } from '../lib/json.ts';
import type { IdentityContext, Operation } from './context.ts';
import { CognitoError, invalidParameter } from './errors.ts';
import { getTokensFromRefreshToken, getUser, globalSignOut, initiateAuth, revokeToken } from './sessions.ts';
import { respondToAuthChallenge } from './signin.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The operations this endpoint implements, in a Map: a lookup by the caller's X-Amz-Target can only
 * find these six, never an inherited Object.prototype member (constructor, toString, __proto__, ...).
 */
const OPERATIONS: ReadonlyMap<string, Operation> = new Map([
  ['InitiateAuth', initiateAuth],
  ['RespondToAuthChallenge', respondToAuthChallenge],
  ['GetTokensFromRefreshToken', getTokensFromRefreshToken],
  ['GetUser', getUser],
  ['GlobalSignOut', globalSignOut],
  ['RevokeToken', revokeToken],
]);

const DEFAULT_ALLOWED_HEADERS =
  'amz-sdk-invocation-id,amz-sdk-request,cache-control,content-type,x-amz-target,x-amz-user-agent';

/**
 * CORS for a SPA on another origin (the Vite dev server). No cookies are involved (Amplify sends
 * none), so any origin may call; the error headers must be exposed or the browser hides them.
 */
function cors(c: Context) {
  c.header('Access-Control-Allow-Origin', c.req.header('origin') ?? '*');
  c.header('Vary', 'Origin');
  c.header('Access-Control-Expose-Headers', 'x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date');
}

/**
 * The Cognito JSON protocol endpoint (POST, operation in X-Amz-Target, any path under the mount) and
 * the JWKS. Answers are always JSON objects; errors are 400 with `__type` = `x-amzn-errortype`.
 */
export function cognitoRoutes(ctx: IdentityContext) {
  const app = new Hono();
  const jwks = (c: Context) => c.json(ctx.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=300' });
  app.get('/.well-known/jwks.json', jwks);
  app.get(`/${ctx.env.USER_POOL_ID}/.well-known/jwks.json`, jwks);

  const preflight = (c: Context) => {
    cors(c);
    c.header('Access-Control-Allow-Methods', 'POST, OPTIONS');
    // Echo what the browser asks for: Amplify's six headers plus any custom ones the app adds.
    c.header('Access-Control-Allow-Headers', c.req.header('access-control-request-headers') ?? DEFAULT_ALLOWED_HEADERS);
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  };

  const handle = async (c: Context) => {
    const requestId = newId();
    cors(c);
    c.header('x-amzn-RequestId', requestId);
    c.header('Cache-Control', 'no-store');
    const fail = (error: CognitoError) => {
      c.header('x-amzn-ErrorType', error.type);
      return c.json({ __type: error.type, message: error.message }, error.status);
    };
    const target = c.req.header('x-amz-target') ?? '';
    const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const operation = OPERATIONS.get(name);
    if (!operation) {
      return fail(
        invalidParameter(
          `X-Amz-Target must name a supported operation: ${[...OPERATIONS.keys()].map((op) => TARGET_PREFIX + op).join(', ')}.`,
        ),
      );
    }
    // The size was capped before anything read the body (server/middleware/body-limit.ts).
    const parsed = parseRequestJson(await c.req.text());
    if (!parsed.ok) return fail(new CognitoError('SerializationException', parsed.message));
    const body = parsed.value;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fail(new CognitoError('SerializationException', 'The request body must be a JSON object.'));
    }
    try {
      return c.json(await operation(ctx, { body: body as Record<string, unknown>, ip: clientIp(c, ctx.env) }));
    } catch (error) {
      if (error instanceof CognitoError) return fail(error);
      ctx.log.error(`identity: ${name} failed (request ${requestId}): ${describeError(error)}`);
      return fail(new CognitoError('InternalErrorException', 'An internal error occurred. Please try again.', 500));
    }
  };

  app.options('/', preflight);
  app.options('/*', preflight);
  app.post('/', handle);
  app.post('/*', handle);
  return app;
}
