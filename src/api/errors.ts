import type { Failure } from '#machines/lib/effects.ts';
/**
 * The one error-message function of the app (spec §8): the response body's message, else the request
 * error's own message, else the caller's fixed fallback.
 *
 * An HTTP error without a body message carries only a status line ("500 Internal Server Error"), which
 * says nothing to an owner, so for those the fallback wins. Network failures and bad response shapes
 * have messages of their own ("Invalid response format from server").
 */
export const UNKNOWN_ERROR = 'An unknown network error occurred.';
export const INVALID_RESPONSE = 'Invalid response format from server';
/** A request that got no answer says so in the spec's own words (its general network fallback). */
export const NETWORK_ERROR = UNKNOWN_ERROR;

export type ApiErrorKind = 'http' | 'network' | 'format';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status for kind 'http'. */
    readonly status?: number,
    /** The `message` of the `{ message }` error body, when the server sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function errorMessage(error: unknown, fallback: string = UNKNOWN_ERROR): string {
  if (error instanceof ApiError) {
    if (nonEmpty(error.serverMessage)) return error.serverMessage;
    return error.kind === 'http' ? fallback : error.message;
  }
  // Any other thrower (the identity provider, a plain Error, a body-bearing error of another client).
  const data = (error as { data?: { message?: unknown } } | null)?.data;
  if (nonEmpty(data?.message)) return data.message;
  if (error instanceof Error && nonEmpty(error.message)) return error.message;
  return fallback;
}

/** True when the request never got an answer (offline, DNS, refused, timed out): callers may word it differently. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network';
}

/** The HTTP status of a failed API call, if it got that far (e.g. 404 for "no business profile yet"). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * What an effect hands a machine when a call fails (`apiEffect` in ./effect.ts does it): the message the
 * server or network gave (empty when none, so the machine's own spec fallback text wins), whether the
 * request never got an answer, the HTTP status, and the identity provider's error name (e.g.
 * UserNotConfirmedException). The one mapping from API and provider errors to machine failures.
 */
export function toFailure(error: unknown): Failure {
  const failure: Failure = {
    message: errorMessage(error, ''),
    network: isNetworkError(error),
    status: errorStatus(error),
  };
  const name = (error as { name?: unknown } | null)?.name;
  if (!(error instanceof ApiError) && typeof name === 'string' && name !== 'Error') failure.name = name;
  return failure;
}
