/**
 * The API document (OpenAPI 3.1, GET /api/openapi.json) read as a list of operations the sweeps can
 * aim: method, path, area, security, parameters and a request body example, $refs resolved.
 */

export type Area = 'owner' | 'customer' | 'public' | 'identity';
export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Json = Record<string, unknown>;
export type ApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: unknown[];
};
export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: unknown;
  schema?: Json;
};
export type Operation = {
  /** "GET /api/vouchers/{id}" */
  key: string;
  method: string;
  /** OpenAPI form: /api/vouchers/{id} */
  path: string;
  area: Area;
  /** False when `security` is empty: anyone may call it. */
  secured: boolean;
  parameters: Parameter[];
  body?: { example: unknown; properties: string[] };
  /** Owner area: the roles of a business's team that may call it (`x-roles`, decision 026). */
  roles?: string[];
};

/** The document from the running server, over HTTP, as a client would read it. */
export async function fetchDocument(request: (path: string) => Promise<Response>): Promise<ApiDocument> {
  const answer = await request('/api/openapi.json');
  if (answer.status !== 200) throw new Error(`GET /api/openapi.json answered ${answer.status}`);
  return (await answer.json()) as ApiDocument;
}

export function operationsOf(document: ApiDocument): Operation[] {
  const resolve = <T>(value: unknown): T => {
    let current = value as Json | undefined;
    for (let hops = 0; typeof current?.$ref === 'string' && hops < 10; hops++) {
      const parts = (current.$ref as string).replace(/^#\//, '').split('/');
      current = parts.reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document) as Json;
    }
    return current as T;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => resolve<Parameter>(p));
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const own = ((operation.parameters as unknown[]) ?? []).map((p) => resolve<Parameter>(p));
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own].map(
        (p) => ({ ...p, schema: p.schema && resolve<Json>(p.schema) }),
      );
      const json = (resolve<Json>(operation.requestBody)?.content as Json | undefined)?.['application/json'] as
        | Json
        | undefined;
      const schema = json && resolve<Json>(json.schema);
      const examples = json?.examples as Record<string, Json> | undefined;
      const example =
        json?.example ??
        (examples && resolve<Json>(Object.values(examples)[0])?.value) ??
        schema?.example ??
        (schema?.examples as unknown[] | undefined)?.[0];
      const security = (operation.security ?? document.security ?? []) as unknown[];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        area: operation['x-area'] as Area,
        secured: security.length > 0 && !security.every((s) => Object.keys(s as Json).length === 0),
        parameters,
        body: json ? { example, properties: Object.keys((schema?.properties as Json | undefined) ?? {}) } : undefined,
        roles: operation['x-roles'] as string[] | undefined,
      });
    }
  }
  return operations;
}

/** A value the document offers for a parameter: its example, the schema's example, default or first enum. */
export function documentedValue(parameter: Parameter): string | undefined {
  const schema = parameter.schema ?? {};
  const value =
    parameter.example ??
    schema.example ??
    (schema.examples as unknown[] | undefined)?.[0] ??
    schema.default ??
    (schema.enum as unknown[] | undefined)?.[0] ??
    schema.const;
  return value === undefined ? undefined : String(value);
}
