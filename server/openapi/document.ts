import type { Hono } from 'hono';
import { ErrorBody } from '#contracts/common.ts';
import { rolesFrom } from '#contracts/team.ts';
import { type DescribedArea, type JsonSchema, jsonSchema, type Operation } from './describe.ts';

/**
 * The OpenAPI 3.1 document of the running app: the routes come from Hono itself (`app.routes`, every
 * mounted router, every method), each joined with its description (`<area>.openapi.ts`).
 */

/** `METHOD /path` of every route that answers a request; middleware and the areas' 404 catch-alls are not operations. */
export function routeList(app: Pick<Hono<any>, 'routes'>): string[] {
  const routes = new Set<string>();
  for (const { method, path } of app.routes) {
    // app.use(...) and the `api.all('/customer/*', 404)` fallbacks register as ALL on a wildcard.
    if (method === 'ALL' && path.endsWith('*')) continue;
    routes.add(`${method} ${path}`);
  }
  return [...routes];
}

/** Routes without a description, and descriptions without a route. Both must be empty. */
export function coverage(routes: readonly string[], described: readonly DescribedArea[]) {
  const keys = new Set(described.flatMap(({ operations }) => Object.keys(operations)));
  const have = new Set(routes);
  return {
    undescribed: routes.filter((route) => !keys.has(route)).sort(),
    unrouted: [...keys].filter((key) => !have.has(key)).sort(),
  };
}

/** `/api/vouchers/:id` → `/api/vouchers/{id}`; a trailing `*` takes the operation's wildcard name. */
export function openApiPath(honoPath: string, wildcard = 'path'): string {
  return (
    honoPath
      .replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')
      .replace(/\/\*$/, `/{${wildcard}}`)
      .replace(/\/$/, '') || '/'
  );
}

/** `POST /api/businesses/{id}/vouchers` → `postBusinessesByIdVouchers`: a name client generators can use. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by_${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split('_'))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

const pathParams = (honoPath: string) => [...honoPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input: the message names the field.',
  401: 'No valid token: sign in (again).',
  403: 'Not allowed: the other group, a role below `x-roles`, a missing anti-forgery header, or a limit of the package.',
  404: 'Not found, or not yours (an id of another business answers exactly like an unknown id).',
  409: 'Conflicts with the current state.',
  410: 'Gone (archived or expired).',
  413: 'The request body is over the limit; refused before it is read.',
  415: 'The body is not of the expected media type.',
  429: 'Too many requests; Retry-After says when to try again.',
  503: 'Could not be done just now; try again.',
};

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** The statuses a route can answer with `{ message }`: its area's, its body's, its query's and its own. */
export function errorStatuses(method: string, path: string, area: DescribedArea['area'], op: Operation): number[] {
  const statuses = [
    ...(op.errors ?? []),
    ...(area === 'owner' || area === 'customer' ? [401, 403] : []),
    ...(path.startsWith('/api/') && isWrite(method) ? [403] : []),
    ...(op.body ? [400, 413, 415] : []),
    ...(op.query ? [400] : []),
    ...(pathParams(path).length > 0 && area !== 'identity' ? [404] : []),
  ];
  return [...new Set(statuses)].sort();
}

function parameters(method: string, path: string, area: DescribedArea['area'], op: Operation) {
  const list: JsonSchema[] = pathParams(path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: op.params?.[name] ?? `The ${name}.`,
    schema: { type: 'string' },
  }));
  if (path.endsWith('/*')) {
    const name = op.wildcard?.name ?? 'path';
    list.push({
      name,
      in: 'path',
      required: true,
      description: op.wildcard?.description ?? 'The rest of the path.',
      schema: { type: 'string' },
    });
  }
  if (op.query) {
    const query = jsonSchema(op.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema>) ?? {})) {
      const example = op.queryExample?.[name];
      list.push({
        name,
        in: 'query',
        required: required.has(name),
        schema,
        ...(example === undefined ? {} : { example }),
      });
    }
  }
  if (path.startsWith('/api/') && isWrite(method) && area !== 'identity') {
    list.push({
      name: 'X-Requested-With',
      in: 'header',
      required: true,
      description: 'The anti-forgery header every write needs.',
      schema: { type: 'string', const: 'XMLHttpRequest' },
    });
  }
  for (const header of op.headers ?? []) {
    list.push({
      name: header.name,
      in: 'header',
      required: header.required,
      description: header.description,
      schema: { type: 'string', ...(header.enum ? { enum: header.enum } : {}) },
    });
  }
  return list;
}

function operationObject(method: string, path: string, area: DescribedArea['area'], op: Operation) {
  const errorSchema =
    area === 'identity' ? { $ref: '#/components/schemas/CognitoError' } : { $ref: '#/components/schemas/Error' };
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.ok)) {
    if (answer === null) responses[status] = { description: 'No content.' };
    else if ('mediaType' in answer) {
      responses[status] = { description: answer.description, content: { [answer.mediaType]: {} } };
    } else {
      responses[status] = { description: 'Success.', content: { 'application/json': { schema: jsonSchema(answer) } } };
    }
  }
  for (const status of errorStatuses(method, path, area, op)) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Refused.',
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  // Routes that refuse nothing themselves (health, config, keys, this document, preflights) still have
  // what the HTTP layer refuses before any route runs, with no body.
  if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
    responses['4XX'] = {
      description: 'Refused by the HTTP layer before the route: a malformed request (400) or headers over 16 KB (431).',
    };
  }
  const body = op.body
    ? 'schema' in op.body
      ? {
          required: true,
          content: {
            [op.body.mediaType ?? 'application/json']: {
              schema: jsonSchema(op.body.schema, 'input'),
              example: op.body.example,
            },
          },
        }
      : {
          required: true,
          description: op.body.description,
          content: Object.fromEntries(
            op.body.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
          ),
        }
    : undefined;
  const params = parameters(method, path, area, op);
  return {
    operationId: operationId(method, openApiPath(path, op.wildcard?.name)),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    'x-area': area,
    // The roles of a business's team that may call it (decision 026); the guard reads the same entry.
    ...(area === 'owner' ? { 'x-roles': rolesFrom(op.role ?? 'owner') } : {}),
    security: area === 'owner' || area === 'customer' ? [{ bearerAuth: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The document for the routes `app` has; a route without a description is left out (the test fails on it). */
export function openApiDocument(
  app: Pick<Hono<any>, 'routes'>,
  described: readonly DescribedArea[],
  /** Where this server answers (PUBLIC_URL, else the address it listens on). */
  serverUrl = '/',
) {
  const byRoute = new Map(
    described.flatMap(({ area, operations }) =>
      Object.entries(operations).map(([key, op]) => [key, { area, op }] as const),
    ),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeList(app)) {
    const found = byRoute.get(route);
    if (!found) continue;
    const [method, path] = route.split(' ') as [string, string];
    const key = openApiPath(path, found.op.wildcard?.name);
    paths[key] ??= {};
    paths[key][method.toLowerCase()] = operationObject(method, path, found.area, found.op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Owner portal API',
      version: '1.0.0',
      description:
        'The owner portal, the customer (mobile app) API and the public account routes. Every error is `{ "message": "..." }` naming the field; writes under /api need `X-Requested-With: XMLHttpRequest`. Tokens come from the Cognito-compatible endpoint at /cognito (x-area: identity).',
    },
    servers: [{ url: serverUrl, description: 'This server (PUBLIC_URL, else the address it listens on).' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: jsonSchema(ErrorBody),
        CognitoError: {
          type: 'object',
          properties: { __type: { type: 'string' }, message: { type: 'string' } },
          required: ['__type', 'message'],
        },
      },
    },
  };
}
