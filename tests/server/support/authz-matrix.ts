import { documentedValue, type Operation } from './api-document.ts';
import { ID_KIND_NAMES, ID_KINDS, type IdKind, type Ids, type OwnerA } from './owner-a.ts';

export { type IdKind, type Ids, unknownIds } from './owner-a.ts';

/**
 * Everything below is derived from the one table of id kinds, ID_KINDS in support/owner-a.ts: a NEW KIND
 * OF ID is one row there (its paths, and how owner A's row is made).
 */
const rowsOf = (kind: IdKind): { paths: readonly string[]; body?: boolean; customerPrivate?: boolean } =>
  ID_KINDS[kind];

/**
 * Which kind of id a path parameter takes: "<segment before it>/{name}" first (the same name means
 * different things on different paths), then "{name}" alone.
 */
export const PATH_IDS: Record<string, IdKind> = Object.fromEntries(
  ID_KIND_NAMES.flatMap((kind) => rowsOf(kind).paths.map((path) => [path, kind])),
);
export const kindOfPathParameter = (segment: string, name: string, method?: string): IdKind | undefined =>
  (method ? PATH_IDS[`${method} ${segment}/{${name}}`] : undefined) ??
  PATH_IDS[`${segment}/{${name}}`] ??
  PATH_IDS[`{${name}}`];

/** Request body fields that name one of A's rows (matched without regard to case). */
const BODY_IDS = new Set<string>(ID_KIND_NAMES.filter((kind) => rowsOf(kind).body));
/** Ids that belong to one customer: another customer aiming at them is refused like an unknown id. */
export const CUSTOMER_PRIVATE = new Set<IdKind>(ID_KIND_NAMES.filter((kind) => rowsOf(kind).customerPrivate));

export const idsOf = (a: OwnerA): Ids => Object.fromEntries(ID_KIND_NAMES.map((kind) => [kind, a[kind]])) as Ids;

export type Aimed = { method: string; path: string; body?: unknown; kinds: IdKind[] };

/**
 * The operation aimed at the given ids: path parameters by name (and the segment before them), required
 * query parameters from the document's examples, the body from its example with every id field set.
 * Throws, telling the developer what to add, when the document names something the fixture cannot fill.
 */
export function aim(operation: Operation, ids: Ids): Aimed {
  const kinds: IdKind[] = [];
  const path = operation.path.replace(/([^/]*)\/\{(\w+)\}/g, (_match, segment: string, name: string) => {
    const kind = kindOfPathParameter(segment, name, operation.method);
    if (!kind) {
      throw new Error(
        `${operation.key}: no fixture for path parameter "${name}" after "${segment}". Add "${segment}/{${name}}" ` +
          'to the paths of its kind in ID_KINDS (tests/server/support/owner-a.ts), or a row for a new kind.',
      );
    }
    kinds.push(kind);
    return `${segment}/${encodeURIComponent(ids[kind])}`;
  });
  const documentedPath = new Set(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  if (inPath.some((name) => !documentedPath.has(name))) {
    throw new Error(`${operation.key}: the document does not describe every path parameter (${inPath.join(', ')}).`);
  }
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    const value = documentedValue(parameter);
    if (value === undefined) {
      throw new Error(`${operation.key}: give the required query parameter "${parameter.name}" an example.`);
    }
    query.set(parameter.name, value);
  }
  let body: unknown;
  if (operation.body) {
    const { example, properties } = operation.body;
    if (example === undefined) throw new Error(`${operation.key}: give the request body an example.`);
    if (example && typeof example === 'object' && !Array.isArray(example)) {
      const filled: Record<string, unknown> = { ...(example as Record<string, unknown>) };
      for (const field of new Set([...Object.keys(filled), ...properties])) {
        const kind = field.toLowerCase() as IdKind;
        if (!BODY_IDS.has(kind)) continue;
        filled[field] = ids[kind];
        kinds.push(kind);
      }
      body = filled;
    } else {
      body = example;
    }
  }
  const search = query.size ? `?${query}` : '';
  return { method: operation.method, path: `${path}${search}`, body, kinds };
}

/**
 * The headers server/middleware/security.ts promises on every API answer (decision 029): never a
 * document (JSON, CSV, or no body), nosniff, never stored. (The page policy is for documents: tests/server/security-headers.test.ts.)
 * The names of those missing.
 */
export function missingSecurityHeaders(headers: Headers): string[] {
  const expected: Record<string, (value: string) => boolean> = {
    'content-type': (v) => !/html|xml/i.test(v),
    'x-content-type-options': (v) => v === 'nosniff',
    'cache-control': (v) => v === 'no-store',
  };
  return Object.entries(expected)
    .filter(([name, ok]) => !ok(headers.get(name) ?? ''))
    .map(([name]) => `${name}: ${headers.get(name)}`);
}

/** The same claims, unsigned (alg none) or with a signature that no longer matches, and a later expiry. */
export function forgedFrom(token: string) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const later = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return { unsigned: `${none}.${later}.`, tampered: `${header}.${later}.${signature}` };
}
