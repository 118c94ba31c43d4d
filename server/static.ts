import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { CONFIG_ELEMENT_ID } from '#contracts/config.ts';
import { unknownPath } from './lib/ids.ts';

/** Anything that answers GET /config.json: the app's config routes (server/routes/config). */
export interface ConfigSource {
  request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response>;
}

/**
 * The JSON as a data block for index.html. `<` is escaped (as \\u003c, still the same JSON) so no value
 * can close the script element; type=application/json is never executed, so CSP script-src 'self' holds.
 */
export function configScript(config: unknown): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${json}</script>`;
}

/** index.html with the settings in its head (or at the end, for a page without one). */
export function inlineConfig(html: string, config: unknown): string {
  const script = configScript(config);
  return html.includes('</head>') ? html.replace('</head>', `  ${script}\n  </head>`) : `${html}${script}`;
}

/** dist/route-preloads.json (written by the build, vite.config.ts): a signed-in page's chunks and CSS. */
export interface RoutePreloads {
  /** The auth chunk, its imports and its CSS, which index.html names for /login. */
  auth: string[];
  routes: Record<string, { js: string[]; css: string[] }>;
}

/**
 * index.html for a signed-in page's path: that page's chunks (the signed-in area, the page, their imports)
 * and CSS named beside the entry, so they load with it rather than after it has run, in place of the auth
 * chunk's files (a signed-out visitor of that path is sent to /login and fetches those then).
 * Decision 031. Any other path gets the page unchanged.
 */
export function withRoutePreloads(html: string, pathname: string, preloads: RoutePreloads | undefined): string {
  const route = preloads?.routes[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  if (!preloads || !route) return html;
  const named = new Set(preloads.auth);
  const kept = html.replace(
    /\s*<link rel="(?:modulepreload|stylesheet)" crossorigin(?: fetchpriority="low")? href="\/([^"]+)">/g,
    (link, file: string) => (named.has(file) ? '' : link),
  );
  const links = [
    ...route.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...route.js.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
  ];
  return kept.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

function readPreloads(file: string): RoutePreloads | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  } catch {
    return undefined; // an older build without the file: the page as built
  }
}

/**
 * The built SPA. Hashed assets are cached for a year; every other GET that is not a file gets
 * index.html (history-API fallback) and is never cached, so a deploy is picked up at once. With a
 * `config` source, index.html carries /config.json inlined, so the first paint waits for no request.
 */
export function spaRoutes(distDir: string, config?: ConfigSource) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  const preloadsFile = path.join(distDir, 'route-preloads.json');
  const root = path.relative(process.cwd(), distDir) || '.';

  const indexHtml = async (c: Context): Promise<Response> => {
    if (!existsSync(indexFile)) {
      return c.text('The portal has not been built yet: run `npm run build` (npm start does it for you).', 503);
    }
    let html = withRoutePreloads(readFileSync(indexFile, 'utf8'), c.req.path, readPreloads(preloadsFile));
    if (config) {
      // The same answer GET /config.json gives this request (same headers and connection, whose local
      // port names the listening origin), computed by the config routes.
      const answer = await config.request(
        new URL('/config.json', c.req.url).href,
        { headers: c.req.raw.headers },
        c.env,
      );
      if (answer.ok) html = inlineConfig(html, await answer.json());
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };

  app.get('/', indexHtml);
  app.get('/index.html', indexHtml);
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
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', async (c) => {
    if (path.extname(c.req.path)) return unknownPath(c);
    return indexHtml(c);
  });
  return app;
}
