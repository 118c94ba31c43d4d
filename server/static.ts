import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * The built SPA. Hashed assets are cached for a year; every other GET that is not a file gets
 * index.html (history-API fallback) and is never cached, so a deploy is picked up at once.
 */
export function spaRoutes(distDir: string) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', serveStatic({ root, precompressed: true, index: 'index.html' }));
  app.get('*', (c) => {
    if (path.extname(c.req.path)) return c.json({ message: 'Not found.' }, 404);
    if (!existsSync(indexFile)) {
      return c.text('The portal has not been built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
