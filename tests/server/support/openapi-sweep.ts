import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../harness.ts';
import type { Schema } from './mutations.ts';

/** One operation of /api/openapi.json, as the sweeps read it. */
export type DocOperation = {
  method: string;
  /** The OpenAPI path: /api/vouchers/{id}. */
  path: string;
  area: 'owner' | 'customer' | 'public' | 'identity';
  op: Schema;
  /** The JSON body's schema and example, when the operation takes one. */
  body?: { schema: Schema; example: Record<string, unknown> };
  /** The query parameters with their schemas and examples. */
  query: Array<{ name: string; required: boolean; schema: Schema; example?: string }>;
};

export function documentOperations(document: Schema): DocOperation[] {
  return Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const json = op.requestBody?.content?.['application/json'];
      return {
        method: method.toUpperCase(),
        path,
        area: op['x-area'],
        op,
        body: json ? { schema: json.schema, example: json.example } : undefined,
        query: ((op.parameters ?? []) as Schema[])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required, schema: p.schema, example: p.example })),
      };
    }),
  );
}

/**
 * Every table's rows, in a stable order, as JSON: compared before and after to prove nothing was stored.
 * rate_limits is left out: counting a refused request is its purpose.
 */
export async function dumpDatabase(server: TestServer): Promise<Record<string, string>> {
  const { db } = server.deps;
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const tables = rowsOf(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((row) => String(row.table_name));
  const dump: Record<string, string> = {};
  for (const table of tables.filter((t) => t !== 'rate_limits')) {
    const rows = rowsOf(await db.execute(sql.raw(`select * from "${table}"`)));
    dump[table] = rows
      .map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)))
      .sort()
      .join('\n');
  }
  return dump;
}

/** A query value as a URL carries it; a lone surrogate goes as its (invalid) UTF-8 bytes. */
export const encodeQueryValue = (value: string) =>
  value.replace(/[\s\S]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const code = ch.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  });

export const queryString = (query: Record<string, string | undefined>) => {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeQueryValue(value!)}`);
  return parts.length ? `?${parts.join('&')}` : '';
};

/** Runs `work` over `items`, `size` at a time. */
export async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * Declares a 1 GB body, sends 64 KB of it and waits: an answer can only come before the body was read.
 * Resolves with the status and body of that answer.
 */
export function declareHugeBody(url: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    const declared = 1024 * 1024 * 1024;
    const req = httpRequest(url, { method, headers: { ...headers, 'content-length': String(declared) } });
    let sentBytes = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (data) => (body += data));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentBytes });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    sentBytes += chunk.length;
    req.write(chunk);
    // Never ended: the rest of the declared gigabyte never comes.
  });
}

/**
 * One request over node:http, answered even when the server answers (a 413) and closes the connection
 * while the body is still being written, which fetch reports as a failed request.
 */
export function httpCall(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string; contentType: string | null }>((resolve, reject) => {
    // A fresh connection each time: after a 413 the server closes the one it answered on.
    const req = httpRequest(url, { method, headers, agent: false });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (data) => (text += data));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text, contentType: res.headers['content-type'] ?? null }),
      );
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.end(body);
  });
}
