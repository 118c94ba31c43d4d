import type { Context } from 'hono';
import * as v from 'valibot';
import { HttpError } from './http-error.ts';

const MAX_JSON_BYTES = 64 * 1024;

/** The first issue, phrased for a person: "Email is required." rather than a schema dump. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'The request is not valid.';
  const field = v.getDotPath(issue);
  // valibot's own messages for a wrong type read "Invalid type: Expected string but received 5".
  if (issue.message.startsWith('Invalid ')) return field ? `${field} is not valid.` : 'The request is not valid.';
  return issue.message;
}

export function check<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, firstIssue(result.issues));
  return result.output;
}

/** Reads a JSON body and validates it; malformed JSON and wrong types are 400s with a message, never 500s. */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  const raw = await c.req.text();
  if (raw.length > MAX_JSON_BYTES) throw new HttpError(413, 'The request body is too large.');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return check(schema, body);
}
