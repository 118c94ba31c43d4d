/** How deep a request body's objects and arrays may nest; the deepest contract needs 3. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_TEXT = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * True when `text` opens more than `max` objects or arrays inside each other. One pass over the text,
 * no recursion, before JSON.parse: a 64 KB body of `[[[[...` (32,000 levels) would otherwise overflow
 * the stack of whatever walks the parsed value (the control-character check, the contract).
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

/** A request body's JSON: refused (with a message for the caller) when malformed or nested too deeply. */
export function parseRequestJson(text: string): ParsedJson {
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, message: TOO_DEEP_TEXT };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
}
