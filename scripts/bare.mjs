// The start-up floor of `npm run bench:start` (scripts/lib/start-timing.ts): a bare Node + Hono process
// answering /healthz, no database, run as the portal is: `npm exec -- node scripts/bare.mjs`, so npm's
// own start-up is in both figures.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/healthz', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
