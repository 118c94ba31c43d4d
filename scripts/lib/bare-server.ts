/** The start-up floor for scripts/bench-api.ts: tsx running a bare Hono process that answers /healthz. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/healthz', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
