import type { Context } from 'hono';
import * as v from 'valibot';
import { hasControlCharacters } from '#contracts/text.ts';
import { HttpError } from './http-error.ts';
import { parseRequestJson } from './json.ts';

/** The first issue, phrased for a person: "Email is required." rather than a schema dump. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'The request is not valid.';
  const field = v.getDotPath(issue);
  // valibot's own messages read "Invalid type: Expected string but received 5" (ours never have the colon).
  if (/^Invalid [\w ]+: /.test(issue.message)) return field ? `${field} is not valid.` : 'The request is not valid.';
  return issue.message;
}

/**
 * The net under the contracts: any text anywhere in the input holding a control character (NUL, ESC,
 * C1, half a surrogate pair) is refused, naming the field, even where a contract forgot its text rule.
 * Newline and tab pass here; single-line fields refuse them through their contract. A carriage return
 * passes in the input (Windows browsers and apps send CRLF in multi-line fields, which the contract
 * folds into LF before its own check); the contract's output is checked again, strictly, so a CR only
 * survives where a contract folded it away or refused it with the field's label.
 */
function controlCharacterField(value: unknown, path: string, allowCarriageReturn: boolean): string | undefined {
  if (typeof value === 'string') {
    const text = allowCarriageReturn ? value.replace(/\r/g, '') : value;
    return hasControlCharacters(text, { multiLine: true }) ? path || 'The request' : undefined;
  }
  if (typeof value !== 'object' || value === null || value instanceof Date) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterField(item, path ? `${path}.${key}` : key, allowCarriageReturn);
    if (found) return found;
  }
  return undefined;
}

export function check<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, firstIssue(result.issues));
  // Contracts run first, so a field with a text rule is refused naming its label; the net names what
  // is left (a key no contract reads), in the input and in what the contracts made of it.
  const field = controlCharacterField(input, '', true) ?? controlCharacterField(result.output, '', false);
  if (field) throw new HttpError(400, `${field} must not contain control characters.`);
  return result.output;
}

/**
 * Reads a JSON body and validates it; malformed JSON and wrong types are 400s with a message, never
 * 500s. The size was capped before anything read the body (server/middleware/body-limit.ts).
 */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  const parsed = parseRequestJson(await c.req.text());
  if (!parsed.ok) throw new HttpError(400, parsed.message);
  const body = parsed.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return check(schema, body);
}

/** As readJson, for a body that may be left out entirely (no body at all reads as `{}`). */
export async function readOptionalJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const raw = await c.req.raw.clone().text();
  if (raw.trim() === '') return check(schema, {});
  return readJson(c, schema);
}
