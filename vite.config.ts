import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';

/**
 * `npm run dev` serves the SPA with hot reload and forwards the rest to a running `npm start`: the API,
 * the identity endpoint, the mailbox and media. Which server: BACKEND_URL (e.g. http://127.0.0.1:8801),
 * else http://127.0.0.1:$PORT, else http://127.0.0.1:8787 (npm start's default). 127.0.0.1, not
 * localhost: Node resolves localhost to ::1 first, where a server bound to an IPv4 address is not.
 */
const backend = (process.env.BACKEND_URL ?? `http://127.0.0.1:${process.env.PORT || 8787}`).replace(/\/$/, '');
const proxied = ['/api', '/cognito', '/dev', '/media', '/healthz'];

/**
 * /config.json names the server's own origin (userPoolEndpoint, mediaBaseUrl). In development the page
 * comes from Vite's origin, so those addresses are moved onto it: the calls then go through the proxy
 * above, same-origin, exactly as in production.
 */
function devConfig(): Plugin {
  return {
    name: 'portal-dev-config',
    configureServer(server) {
      server.middlewares.use('/config.json', async (req: IncomingMessage, res: ServerResponse) => {
        try {
          const answer = await fetch(`${backend}/config.json`);
          if (!answer.ok) throw new Error(`${backend}/config.json answered ${answer.status}`);
          const config = (await answer.json()) as { auth: { userPoolEndpoint?: string }; mediaBaseUrl: string };
          const here = `http://${req.headers.host}`;
          const local = (url: string) => {
            const parsed = new URL(url);
            return proxied.some((prefix) => parsed.pathname.startsWith(prefix))
              ? `${here}${parsed.pathname}${parsed.search}`
              : url;
          };
          if (config.auth.userPoolEndpoint) config.auth.userPoolEndpoint = local(config.auth.userPoolEndpoint);
          if (/^https?:/.test(config.mediaBaseUrl)) config.mediaBaseUrl = local(config.mediaBaseUrl);
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(config));
        } catch (error) {
          res.statusCode = 502;
          res.setHeader('Content-Type', 'application/json');
          const reason = error instanceof Error ? error.message : String(error);
          res.end(
            JSON.stringify({ message: `No portal server at ${backend} (${reason}): start it with npm start first.` }),
          );
        }
      });
    },
  };
}

/**
 * The offline statechart inspector at /inspector/ (src/devtools/inspector.html). The dev server only:
 * the production build's one input is index.html, so none of the inspector is ever built.
 */
function inspectorPage(): Plugin {
  return {
    name: 'portal-dev-inspector',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/inspector\/?(\?|$)/.test(req.url)) {
          req.url = `/src/devtools/inspector.html${req.url.replace(/^\/inspector\/?/, '')}`;
        }
        next();
      });
    },
  };
}

/**
 * The auth chunk (the signed-out pages: /login, /register, ...) is what a first visit renders, yet the
 * browser would only find it once the entry has run. Named in index.html as a modulepreload, it loads
 * beside the entry instead of after it. Its CSS is NOT preloaded: a signed-in load never uses it, and
 * Chromium warns "preloaded but not used" for a style preload nobody takes up (issue 26, decision 027);
 * Vite's loader fetches it with the chunk. Production build only; the same files are counted for every
 * route by scripts/lib/bundle.ts.
 */
function preloadAuthChunk(): Plugin {
  return {
    name: 'portal-preload-auth-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // Only the portal's page: `npm run inspector:size` builds the inspector's page, which has no auth chunk.
        if (context.path !== '/index.html') return html;
        const auth = Object.values(context.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/features/auth/index.ts'),
        );
        if (auth?.type !== 'chunk') throw new Error('The auth chunk is missing from the build');
        const named = (file: string) => html.includes(`/${file}"`);
        const scripts = [auth.fileName, ...auth.imports].filter((file) => !named(file));
        return scripts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [devConfig(), inspectorPage(), preloadAuthChunk()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-budget.ts walks to find what /login loads.
    manifest: true,
    // The calendar and QR chunks load on their routes; the budget script watches the initial JS.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // react-big-calendar imports every localizer's helpers; the portal uses date-fns, so dayjs's
        // plugins (CommonJS, so kept as if they had side effects) are dead weight in the calendar chunk.
        moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]dayjs[\\/]/.test(id) ? false : undefined),
      },
    },
  },
});
