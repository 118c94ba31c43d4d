import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * Bad input generated from a field's JSON schema in /api/openapi.json: every value here must be refused
 * (4xx with a message). Values the document allows (a fraction where any number is fine) are not made;
 * the house rules the document cannot say (no control or bidi-override characters in text, no NaN or
 * Infinity, every text field has a maximum) are refused always.
 */
export type Schema = Record<string, any>;
export type Mutation = {
  field: string;
  /** What was done, for the test's name. */
  what: string;
  /** The field's new value; undefined with `missing`. */
  value?: unknown;
  missing?: boolean;
  /** JSON text put in place of the value (1e309 has no JSON.stringify form). */
  raw?: string;
  /** The exact status expected (413 for a body over the limit); else any 4xx. */
  status?: number;
  /** The message must name the field (the text rules). */
  namesField?: boolean;
};

const ajv = new Ajv2020({ strict: false, validateFormats: false });
const allows = (schema: Schema, value: unknown) => ajv.validate(schema, value);

const typesOf = (schema: Schema): Set<string> => {
  const types = new Set<string>();
  const visit = (s: Schema) => {
    if (typeof s.type === 'string') types.add(s.type);
    if (Array.isArray(s.type)) for (const t of s.type) types.add(t);
    for (const branch of s.anyOf ?? []) visit(branch);
  };
  visit(schema);
  return types;
};

/** The bound of a number schema (in an anyOf branch or at the top). */
const bound = (schema: Schema, key: 'minimum' | 'maximum'): number | undefined =>
  schema[key] ?? (schema.anyOf as Schema[] | undefined)?.map((b) => b[key]).find((n) => n !== undefined);

export const ONE_MB = 1024 * 1024;
/** Over every text field's maximum, under the 64 KB body limit. */
const LONG = 'x'.repeat(60 * 1024);
/** In a query: over every maximum, under Node's 16 KB header limit (which answers 431 itself). */
const LONG_QUERY = 'x'.repeat(8 * 1024);
const UNICODE: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['an RTL override (U+202E)', '\u202e'],
  ['a left-to-right isolate (U+2066)', '\u2066'],
];
/** JSON can carry half a surrogate pair ("\ud800"); a URL cannot (its bytes are UTF-8), so only bodies get it. */
const LONE_SURROGATE: [string, string] = ['a lone surrogate', '\ud800'];

/** vouchertypeid, resourceId: an id, bounded whatever its schema says. */
const isIdField = (field: string) => /id$/i.test(field);

/**
 * A date or timestamp field (its example starts YYYY-MM-DD) with years no person means: year 0 and
 * 9999 (past what PostgreSQL's date arithmetic holds) and just outside 1900-2200.
 */
function outOfRangeDates(example: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}/.test(example)) return [];
  return ['0000', '1899', '2201', '9999'].map((year) => `${year}${example.slice(4)}`);
}

/** Mutations of one field of a JSON body, from its schema; `base` is the example's value. */
export function bodyMutations(field: string, schema: Schema, required: boolean, base: unknown): Mutation[] {
  const types = typesOf(schema);
  const out: Mutation[] = [];
  if (required) out.push({ field, what: 'missing', missing: true });
  for (const value of [{}, [], true, 12345, 'text', null]) {
    if (!allows(schema, value)) out.push({ field, what: `wrong type ${JSON.stringify(value)}`, value });
  }
  if (types.has('number') || types.has('integer')) {
    const min = bound(schema, 'minimum');
    const max = bound(schema, 'maximum');
    const numbers = [-1, 0.5, 1e12, ...(min !== undefined ? [min - 1] : []), ...(max !== undefined ? [max + 1] : [])];
    for (const value of new Set(numbers)) {
      if (!allows(schema, value)) out.push({ field, what: `out of range ${value}`, value });
    }
    // Past what an id column (or a double's integers) holds: refused wherever the schema does not
    // allow it, and for every *id field whatever the schema says (ids are bounded by the server).
    for (const [what, value] of [
      ['2**53', 2 ** 53],
      ['1e308', 1e308],
    ] as const) {
      if (!allows(schema, value) || isIdField(field)) out.push({ field, what: `huge ${what}`, value });
    }
    for (const value of ['NaN', 'Infinity', '-Infinity', '1e309'])
      out.push({ field, what: `NaN-like "${value}"`, value });
    out.push({ field, what: 'raw 1e309 (Infinity)', raw: '1e309' });
    out.push({ field, what: 'raw -1e309 (-Infinity)', raw: '-1e309' });
  }
  if (types.has('string')) {
    const text = typeof base === 'string' ? base : typeof base === 'number' ? String(base) : '';
    for (const [name, character] of [...UNICODE, LONE_SURROGATE]) {
      out.push({ field, what: `with ${name}`, value: `${text}${character}`, namesField: true });
    }
    if (isIdField(field) || /^\d+$/.test(text)) {
      out.push({ field, what: 'a 20-digit number as text', value: '99999999999999999999' });
    }
    for (const value of outOfRangeDates(text)) out.push({ field, what: `date ${value}`, value, namesField: true });
    out.push({ field, what: 'a 60 KB string', value: LONG });
    out.push({ field, what: 'a 1 MB string', value: 'x'.repeat(ONE_MB), status: 413 });
  }
  // Nested past any contract, under the body limit: a 400 with a message, never a stack overflow.
  out.push({ field, what: 'nested 5,000 deep', raw: `${'['.repeat(5000)}${']'.repeat(5000)}` });
  out.push({ field, what: 'an object nested 5,000 deep', raw: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` });
  return out;
}

/** Mutations of one query parameter: a query only carries text. */
export function queryMutations(field: string, schema: Schema, required: boolean, base: string): Mutation[] {
  const out: Mutation[] = [];
  if (required) out.push({ field, what: 'missing', missing: true });
  // An empty optional parameter (?status=) reads as absent, as most servers take it.
  const candidates = [
    ...(required ? [''] : []),
    'text',
    '-1',
    '0.5',
    '0',
    '99999999999',
    'NaN',
    'Infinity',
    '1e309',
    'true',
    '[]',
  ];
  for (const value of candidates) {
    if (!allows(schema, value)) out.push({ field, what: `"${value}"`, value });
  }
  for (const [name, character] of UNICODE) {
    out.push({ field, what: `with ${name}`, value: `${base}${character}`, namesField: true });
  }
  if (isIdField(field) || /^\d+$/.test(base)) {
    out.push({ field, what: 'a 20-digit number', value: '99999999999999999999' });
  }
  for (const value of outOfRangeDates(base)) out.push({ field, what: `date ${value}`, value, namesField: true });
  out.push({ field, what: 'an 8 KB string', value: LONG_QUERY });
  return out;
}

/** "Business name" and businessname, "Message" and messageText: does the message name the field? */
export function namesField(message: string, field: string): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
  const key = squash(field);
  const text = squash(message);
  const firstWords = squash(message.split(/ must | is | may /)[0] ?? '');
  // customerEmail is named by "email", messageText by "Message".
  const words = field
    .split(/(?=[A-Z])|_/)
    .map(squash)
    .filter((word) => word.length > 2);
  return (
    text.includes(key) || (firstWords.length > 2 && key.includes(firstWords)) || words.some((w) => text.includes(w))
  );
}
