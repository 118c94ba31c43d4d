/**
 * /api/openapi.json describes exactly the routes the app has (taken from Hono), and is a valid
 * OpenAPI 3.1 document. A new route without a description fails here.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { coverage, openApiDocument, routeList } from '../../server/openapi/document.ts';
import { allOperations } from '../../server/openapi/operations.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let document: any;
beforeAll(async () => {
  server = await startTestServer();
  const response = await server.request('/api/openapi.json');
  expect(response.status).toBe(200);
  document = await response.json();
});
afterAll(() => server?.stop());

describe('the API described once', () => {
  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator can fail: an operation whose responses are not an object is refused.
    const broken = { ...structuredClone(document), paths: { '/x': { get: { responses: 'none' } } } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
});

describe('coverage: every route of the app, and nothing else', () => {
  it('describes each route Hono has (every router, every method), and no route it lacks', () => {
    // The test server runs with every optional part on: the dev mailbox and the database media store.
    expect(server.deps.mailer.mailboxEnabled).toBe(true);
    expect(server.deps.media.kind).toBe('database');
    const app = createApp(server.deps);
    expect(coverage(routeList(app), allOperations(server.env))).toEqual({ undescribed: [], unrouted: [] });
    const served = Object.values(document.paths as Record<string, object>).flatMap((item) => Object.keys(item));
    expect(served).toHaveLength(routeList(app).length);
  });

  it('fails for a route nobody described, and for a description without a route', () => {
    const app = createApp(server.deps);
    app.get('/api/secret-admin', (c) => c.json({ ok: true }));
    app.route(
      '/api/extra',
      new Hono().delete('/things/:thingid', (c) => c.body(null, 204)),
    );
    const described = allOperations(server.env);
    const ghost = {
      area: 'owner' as const,
      operations: { 'PATCH /api/ghost/:id': { summary: 'gone', tags: [], ok: { 200: null } } },
    };
    expect(coverage(routeList(app), [...described, ghost])).toEqual({
      undescribed: ['DELETE /api/extra/things/:thingid', 'GET /api/secret-admin'],
      unrouted: ['PATCH /api/ghost/:id'],
    });
    // The document leaves the undescribed route out rather than guessing its auth.
    expect(openApiDocument(app, described).paths).not.toHaveProperty('/api/secret-admin');
  });

  it('leaves out the dev mailbox when the app has none', async () => {
    const app = createApp({ ...server.deps, mailer: { ...server.deps.mailer, mailboxEnabled: false } });
    const paths = openApiDocument(app, allOperations(server.env)).paths;
    expect(Object.keys(paths).filter((p) => p.startsWith('/dev/'))).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/dev/mailbox.json', '/dev/mailbox']));
  });
});

describe('each operation', () => {
  const operations = () =>
    Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );

  it('has a summary, tags, its area and the matching security', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op.summary, where).toBeTruthy();
      expect(op.tags.length, where).toBeGreaterThan(0);
      expect(['owner', 'customer', 'public', 'identity'], where).toContain(op['x-area']);
      const guarded = op['x-area'] === 'owner' || op['x-area'] === 'customer';
      expect(op.security, where).toEqual(guarded ? [{ bearerAuth: [] }] : []);
      if (guarded) expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('states the least role of every owner-area operation once, in its entry, shown as x-roles', () => {
    const described = allOperations(server.env);
    const withoutRole = described
      .filter(({ area }) => area === 'owner')
      .flatMap(({ operations }) => Object.entries(operations))
      .filter(([, op]) => !op.role)
      .map(([key]) => key);
    expect(withoutRole).toEqual([]);
    const elsewhere = described
      .filter(({ area }) => area !== 'owner')
      .flatMap(({ operations }) => Object.entries(operations))
      .filter(([, op]) => op.role)
      .map(([key]) => key);
    expect(elsewhere).toEqual([]);
    for (const { path, method, op } of operations()) {
      if (op['x-area'] === 'owner')
        expect(op['x-roles'], `${method} ${path}`).toEqual(expect.arrayContaining(['owner']));
      else expect(op['x-roles'], `${method} ${path}`).toBeUndefined();
    }
    expect(document.paths['/api/businesses/me/followers/export'].get['x-roles']).toEqual(['owner', 'manager']);
    expect(document.paths['/api/issued-vouchers/{id}/redeem'].post['x-roles']).toEqual(['owner', 'manager', 'staff']);
  });

  it('has an operationId of its own, usable as a function name', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(document.paths['/api/businesses/{id}/vouchers'].post.operationId).toBe('postBusinessesByIdVouchers');
  });

  it('puts routes in the area the guard gives their path', () => {
    for (const { path, op } of operations()) {
      const area = op['x-area'];
      if (path.startsWith('/api/customer/')) expect(area, path).toBe('customer');
      else if (
        path.startsWith('/api/public/') ||
        path.startsWith('/api/password-reset/') ||
        path === '/api/openapi.json'
      )
        expect(area, path).toBe('public');
      else if (path.startsWith('/api/')) expect(area, path).toBe('owner');
      else expect(['public', 'identity'], path).toContain(area);
    }
  });

  it('names every path parameter as the route does, with a parameter object', () => {
    for (const { path, method, op } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
      expect(declared, `${method} ${path}`).toEqual(inPath);
    }
  });

  it('gives every JSON body a schema and an example, and every error the { message } shape', () => {
    for (const { path, method, op } of operations()) {
      const json = op.requestBody?.content?.['application/json'];
      if (json) {
        expect(json.schema, `${method} ${path}`).toBeTruthy();
        expect(json.example, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413', '415']));
      }
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        // The HTTP layer's refusals (4XX on routes that refuse nothing themselves) carry no body.
        if (status === '4XX') {
          expect(response.content, `${method} ${path}`).toBeUndefined();
          continue;
        }
        if (Number(status) < 400) continue;
        const schema = response.content['application/json'].schema.$ref;
        expect(schema).toBe(
          op['x-area'] === 'identity' ? '#/components/schemas/CognitoError' : '#/components/schemas/Error',
        );
      }
    }
    expect(document.components.schemas.Error).toMatchObject({
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
  });
});

describe('the examples', () => {
  it('fit their own schemas: every body example and every query example', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
          if (media.example === undefined) continue;
          expect(ajv.validate(media.schema, media.example), `${method} ${path} ${type}: ${ajv.errorsText()}`).toBe(
            true,
          );
          checked += 1;
        }
        for (const parameter of op.parameters ?? []) {
          if (parameter.in !== 'query') continue;
          expect(parameter.example, `${method} ${path} ?${parameter.name}`).toBeDefined();
          expect(ajv.validate(parameter.schema, parameter.example), `${method} ${path} ?${parameter.name}`).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('of the identity endpoint starts a sign-in, as Amplify would send it', async () => {
    const media = document.paths['/cognito'].post.requestBody.content['application/x-amz-json-1.1'];
    const response = await server.request('/cognito', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify(media.example),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).ChallengeName).toBe('PASSWORD_VERIFIER');
  });
});

describe('an independent linter (Redocly, its recommended rules, in process and offline)', () => {
  it('finds no error, and no warning beyond the licence and the localhost server URL', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found.filter((line) => line.startsWith('error'))).toEqual([]);
    const expected = /^warn (info-license|info-license-strict|no-server-example\.com) /;
    expect(found.filter((line) => !expected.test(line))).toEqual([]);
  });
});
