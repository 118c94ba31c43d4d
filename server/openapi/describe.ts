import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { Role } from '#contracts/team.ts';

/**
 * How a route is described for /api/openapi.json: one entry per operation, keyed by the route exactly
 * as Hono lists it (`POST /api/businesses/:id/vouchers`), written beside the area's routes
 * (`<area>.openapi.ts`). Request and answer schemas are the contracts' valibot schemas, converted here;
 * the document (document.ts) takes the route list from Hono, so a route without an entry fails
 * tests/server/openapi.test.ts, and so does an entry without a route.
 */

/** Who may call: a bearer token of the owner or customer group, nobody in particular, or the identity endpoint. */
export type Area = 'owner' | 'customer' | 'public' | 'identity';

type Schema = v.GenericSchema;
/** A JSON schema as OpenAPI 3.1 embeds it. */
export type JsonSchema = Record<string, unknown>;

export type Operation = {
  summary: string;
  /** Longer text for the reader (markdown). */
  description?: string;
  tags: string[];
  /** The request body: a contract schema with a VALID example (JSON unless `mediaType` says), or raw files (uploads). */
  body?:
    | { schema: Schema; example: Record<string, unknown>; mediaType?: string }
    | { mediaTypes: string[]; description: string };
  /** Query parameters: an object contract whose entries are the parameters. */
  query?: Schema;
  /** A VALID value for each query parameter, as a caller sends it (the sweeps call the route with it). */
  queryExample?: Record<string, string>;
  /** Header parameters beyond the bearer token and the anti-forgery header. */
  headers?: Array<{ name: string; required: boolean; description: string; enum?: string[] }>;
  /** Path parameters: described by name; every `:name` of the route is one (a string unless told). */
  params?: Record<string, string>;
  /** A route ending in `*` (`/media/*`): the name and meaning of the rest of the path. */
  wildcard?: { name: string; description: string };
  /** The success answers: status → a contract schema, or a media type with a description. */
  ok: Record<number, Schema | { mediaType: string; description: string } | null>;
  /** Error statuses this route answers itself, beyond those its area and body give (see errorStatuses). */
  errors?: number[];
  /** The least role of the business's team that may call it (owner area only); the document shows `x-roles`. */
  role?: Role;
};

/** The entries of one area: `METHOD /hono/path` → its description. */
export type Operations = Record<string, Operation>;
export type DescribedArea = { area: Area; operations: Operations };

export const describeRoutes = (area: Area, operations: Operations): DescribedArea => ({ area, operations });

/** A contract as JSON schema (input side: what a caller sends; output side: what it gets). */
export function jsonSchema(schema: Schema, typeMode: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = toJsonSchema(schema, { errorMode: 'ignore', typeMode }) as JsonSchema;
  return typeMode === 'input' ? markPresentFieldsRequired(numberChecksIntoTheirBranch(rest)) : rest;
}

const NUMBER_KEYWORDS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/**
 * `v.pipe(v.union([v.number(), digits-as-text]), v.integer(), v.minValue(1))` converts to an anyOf with
 * `type: integer` beside it, which no text could pass; the checks belong to the number branch (the
 * text branch keeps its digits pattern).
 */
function numberChecksIntoTheirBranch(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const fixed = Object.fromEntries(Object.entries(properties).map(([k, f]) => [k, numberChecksIntoTheirBranch(f)]));
    return { ...schema, properties: fixed };
  }
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (!branches || !['integer', 'number'].includes(schema.type as string)) return schema;
  const checks = Object.fromEntries(NUMBER_KEYWORDS.filter((k) => k in schema).map((k) => [k, schema[k]]));
  const rest = Object.fromEntries(Object.entries(schema).filter(([k]) => !NUMBER_KEYWORDS.includes(k)));
  return {
    ...rest,
    anyOf: branches.map((b) => (b.type === 'number' || b.type === 'integer' ? { ...b, ...checks } : b)),
  };
}

/**
 * The contracts' required text blocks (contracts/common.ts `present`) read a missing key as "" so the
 * caller gets the field's own message ("Title is required."): to a caller that field is required, so the
 * document says so, instead of showing an optional field with the default "".
 */
function markPresentFieldsRequired(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !properties) return schema;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(properties)) {
    if (field.default === '') {
      const { default: _empty, ...rest } = field;
      required.add(name);
      fields[name] = rest;
    } else {
      fields[name] = field;
    }
  }
  return { ...schema, properties: fields, required: [...required] };
}
