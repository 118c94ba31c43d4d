/**
 * The floor for scripts/bench-api.ts: the least any authenticated read can cost on this machine. A bare
 * Hono handler that does what GET /api/users/me must do and nothing else: verify the bearer token with
 * jose (RS256, the server's public key, issuer, expiry) and run that route's one query with the raw
 * driver (PGlite, or a node-postgres pool of the server's size). No middleware, no ORM, no session check.
 * It opens the same database as the server did (DATA_DIR or DATABASE_URL), so the server must be stopped
 * first when it is PGlite. Prints "ready" on stdout when it listens.
 */

import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { importJWK, type JWK, jwtVerify } from 'jose';
import pg from 'pg';

const port = Number(process.env.PORT);
const issuer = process.env.TOKEN_ISSUER!;
const userQuery = 'select firstname, lastname, email from users where userid = $1';

type Query = <T>(text: string, params: unknown[]) => Promise<T[]>;
let query: Query;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async <T>(text: string, params: unknown[]) => (await pool.query({ text, values: params })).rows as T[];
} else {
  const client = await PGlite.create({ dataDir: process.env.DATA_DIR! });
  query = async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows;
}

const keys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();
for (const row of await query<{ kid: string; public_jwk: JWK }>(
  'select kid, public_jwk from signing_keys where active',
  [],
)) {
  keys.set(row.kid, await importJWK(row.public_jwk, 'RS256'));
}

const app = new Hono();
app.get('/floor', async (c) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) return c.json({ message: 'Sign in to continue.' }, 401);
  let sub: string;
  try {
    const { payload } = await jwtVerify(match[1]!, async (header) => keys.get(header.kid!)!, {
      algorithms: ['RS256'],
      issuer,
    });
    sub = payload.sub!;
  } catch {
    return c.json({ message: 'Your session has expired. Please sign in again.' }, 401);
  }
  const [user] = await query<{ firstname: string; lastname: string; email: string }>(userQuery, [sub]);
  if (!user) return c.json({ message: 'No user profile found.' }, 404);
  return c.json(user);
});

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log('ready'));
