import { randomUUID } from 'node:crypto';
import { newVoucherCode } from '../../../server/lib/voucher-codes.ts';
import { documentedValue, type Operation } from './api-document.ts';
import type { OwnerA } from './owner-a.ts';

/** The kinds of id a route can be aimed at, each with a row of owner A's fixture (support/owner-a.ts). */
export type IdKind =
  | 'businessid'
  | 'followerid'
  | 'voucherid'
  | 'issuedvoucherid'
  | 'code'
  | 'conversationid'
  | 'resourceid'
  | 'availabilityid'
  | 'closureid';
export type Ids = Record<IdKind, string>;

/**
 * Which of A's ids a path parameter takes: "<segment before it>/{name}" first (the same name means
 * different things on different paths), then "{name}" alone. A NEW KIND OF ID adds a row here, and a
 * row of that kind to owner A in support/owner-a.ts.
 */
export const PATH_IDS: Record<string, IdKind> = {
  '{businessid}': 'businessid',
  'businesses/{id}': 'businessid',
  'followers/{id}': 'followerid',
  'vouchers/{id}': 'voucherid',
  '{voucherid}': 'voucherid',
  'issued-vouchers/{id}': 'issuedvoucherid',
  '{code}': 'code',
  'conversations/{id}': 'conversationid',
  'booking-resources/{id}': 'resourceid',
  '{resourceid}': 'resourceid',
  'availability/{id}': 'availabilityid',
  'booking-closures/{id}': 'closureid',
};
/** Request body fields that name one of A's rows (matched without regard to case). */
const BODY_IDS = new Set<string>([
  'businessid',
  'resourceid',
  'voucherid',
  'issuedvoucherid',
  'conversationid',
  'availabilityid',
  'closureid',
]);
/** Ids that belong to one customer: another customer aiming at them is refused like an unknown id. */
export const CUSTOMER_PRIVATE = new Set<IdKind>(['conversationid', 'issuedvoucherid']);

export const idsOf = (a: OwnerA): Ids => ({
  businessid: a.businessid,
  followerid: a.followerid,
  voucherid: a.voucherid,
  issuedvoucherid: a.issuedvoucherid,
  code: a.code,
  conversationid: a.conversationid,
  resourceid: a.resourceid,
  availabilityid: a.availabilityid,
  closureid: a.closureid,
});

/** Ids of the same shape that name nothing. */
export const unknownIds = (): Ids => ({
  businessid: randomUUID(),
  followerid: randomUUID(),
  voucherid: randomUUID(),
  issuedvoucherid: randomUUID(),
  code: newVoucherCode(),
  conversationid: randomUUID(),
  resourceid: randomUUID(),
  availabilityid: randomUUID(),
  closureid: randomUUID(),
});

export type Aimed = { method: string; path: string; body?: unknown; kinds: IdKind[] };

/**
 * The operation aimed at the given ids: path parameters by name (and the segment before them), required
 * query parameters from the document's examples, the body from its example with every id field set.
 * Throws, telling the developer what to add, when the document names something the fixture cannot fill.
 */
export function aim(operation: Operation, ids: Ids): Aimed {
  const kinds: IdKind[] = [];
  const path = operation.path.replace(/([^/]*)\/\{(\w+)\}/g, (_match, segment: string, name: string) => {
    const kind = PATH_IDS[`${segment}/{${name}}`] ?? PATH_IDS[`{${name}}`];
    if (!kind) {
      throw new Error(
        `${operation.key}: no fixture for path parameter "${name}" after "${segment}". Give owner A a row of ` +
          `that kind in tests/server/support/owner-a.ts and map "${segment}/{${name}}" in PATH_IDS ` +
          '(tests/server/support/authz-matrix.ts).',
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

/** The headers server/middleware/security.ts promises on every API answer; the names of those missing. */
export function missingSecurityHeaders(headers: Headers): string[] {
  const expected: Record<string, (value: string) => boolean> = {
    'content-security-policy': (v) => v.includes("default-src 'self'") && v.includes("frame-ancestors 'none'"),
    'x-content-type-options': (v) => v === 'nosniff',
    'referrer-policy': (v) => v === 'no-referrer',
    'x-frame-options': (v) => v === 'DENY',
    'cross-origin-opener-policy': (v) => v === 'same-origin',
    'permissions-policy': (v) => v.includes('microphone=()'),
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
