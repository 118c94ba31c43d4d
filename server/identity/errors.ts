import { hasControlCharacters } from '#contracts/text.ts';

/**
 * A Cognito-shaped error: answered as HTTP 400 (500 only for InternalErrorException) with
 * `{"__type": name, "message": ...}` and an identical `x-amzn-errortype` header (protocol §4.1).
 */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: 400 | 500 = 400,
  ) {
    super(message);
    this.name = 'CognitoError';
  }
}

export const INCORRECT = 'Incorrect username or password.';

export const notAuthorized = (message = INCORRECT) => new CognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);

export type Params = Record<string, unknown>;

/** A JSON object field of the request (AuthParameters, ChallengeResponses); absent → {}. */
export function objectParam(body: Params, name: string): Record<string, unknown> {
  const value = body[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter(`${name} must be an object.`);
  return value as Record<string, unknown>;
}

/** A required string field, at most `max` characters. */
export function stringParam(body: Params, name: string, max = 4096): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw invalidParameter(`Missing required parameter ${name}`);
  if (value.length > max) throw invalidParameter(`${name} is too long.`);
  // No parameter is text with control characters; NUL would even fail in the database.
  if (hasControlCharacters(value)) throw invalidParameter(`${name} must not contain control characters.`);
  return value;
}
