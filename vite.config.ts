import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { signedInPages } from './scripts/lib/bundle.ts';

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
 * beside the entry instead of after it; its CSS is a stylesheet of the page (not a style preload:
 * Chromium warns "preloaded but not used" for one nobody takes up, issue 26, decision 027), so the login
 * form does not wait for it after the entry has run. For the path of a signed-in page the server names
 * that page's chunks instead (routePreloads below, server/static.ts; decision 031). Production build
 * only; the same files are counted by scripts/lib/bundle.ts.
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
        // The entry runs as soon as it has arrived (async), not once the document is parsed: parsing then
        // ends, and the loading screen is laid out and painted, without waiting for any script. It stands
        // last in the body, so it never runs before the parser has passed the settings and #root.
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const src = entry.exec(html)?.[1];
        if (!src) throw new Error('index.html has no module script for its entry');
        html = html
          .replace(entry, '')
          .replace('</body>', `  <script type="module" async crossorigin src="${src}"></script>\n  </body>`);
        const chunkOf = (source: string) => {
          const chunk = Object.values(context.bundle ?? {}).find(
            (output) =>
              output.type === 'chunk' &&
              (output.facadeModuleId?.endsWith(source) || output.moduleIds.some((id) => id.endsWith(source))),
          );
          if (chunk?.type !== 'chunk') throw new Error(`${source} has no chunk of its own in the build`);
          return chunk;
        };
        // The app (main.tsx), which the small entry (boot.ts) imports once the loading screen is painted,
        // then the auth chunk.
        const chunks = [chunkOf('/src/app/main.tsx'), chunkOf('/src/features/auth/index.ts')];
        const named = (file: string) => html.includes(`/${file}"`);
        const scripts = [...new Set(chunks.flatMap((chunk) => [chunk.fileName, ...chunk.imports]))].filter(
          (file) => !named(file),
        );
        const styles = [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].filter(
          (file) => !named(file),
        );
        const tags = [
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
        return { html, tags };
      },
    },
  };
}

type ModuleGraph = { getModuleInfo: (id: string) => { importers: readonly string[] } | null };

/** True when a module that `root` matches imports `id` statically, directly or through others. */
function importedBy(root: RegExp, id: string, ctx: ModuleGraph) {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (root.test(next)) return true;
    stack.push(...(ctx.getModuleInfo(next)?.importers ?? []));
  }
  return false;
}

/** A module the entry, the app or the auth chunk imports, directly or through others (what /login loads). */
const loginSide = (id: string, ctx: ModuleGraph) =>
  importedBy(/[\\/]src[\\/](app[\\/](boot\.ts|main\.tsx)|features[\\/]auth[\\/]index\.ts)$/, id, ctx);

/**
 * A portal module of the app's own chunk: main.tsx imports it and the small entry (boot.ts) does not, and
 * it is not the auth chunk's. Without this group, what main.tsx shares with the auth chunk or a page
 * becomes several files of under 1 KB, each a round trip on the browser's six connections.
 */
const appStart = (id: string, ctx: ModuleGraph) =>
  !/[\\/]src[\\/]features[\\/]auth[\\/]/.test(id) &&
  !importedBy(/[\\/]src[\\/]app[\\/]boot\.ts$/, id, ctx) &&
  importedBy(/[\\/]src[\\/]app[\\/]main\.tsx$/, id, ctx);

/**
 * dist/route-preloads.json: for each signed-in page (src/app/pages.ts), the chunks its first visit needs
 * beyond what index.html names (the signed-in area, the page, their imports, and their CSS). The server
 * names them in index.html for that path (server/static.ts), so they load beside the entry instead of
 * after it has run; the auth chunk's preloads are dropped there (a signed-out visitor of such a path
 * goes to /login and fetches it then). Decision 031. Production build only.
 */
function routePreloads(): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === 'chunk');
      // Not the portal's build (e.g. the inspector's page: npm run inspector:size).
      if (!chunks.some((chunk) => chunk.facadeModuleId?.endsWith('/src/app/signed-in.tsx'))) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const of = (source: string) => {
        const chunk =
          chunks.find((c) => c.facadeModuleId?.endsWith(`/${source}`)) ??
          chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${source}`)));
        if (!chunk) throw new Error(`${source} has no chunk of its own in the build`);
        return chunk;
      };
      const closure = (start: Rolldown.OutputChunk[]) => {
        const seen = new Set<Rolldown.OutputChunk>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk)) return;
          seen.add(chunk);
          for (const file of chunk.imports) visit(byFile.get(file)!);
        };
        for (const chunk of start) visit(chunk);
        return seen;
      };
      // What index.html names for every path: the entry, the app it starts (main.tsx), their imports.
      const named = closure([...chunks.filter((chunk) => chunk.isEntry), of('src/app/main.tsx')]);
      const auth = closure([of('src/features/auth/index.ts')]);
      const signedIn = of('src/app/signed-in.tsx');
      const routes = Object.fromEntries(
        signedInPages().map(({ route, source }) => {
          const needed = [...closure([signedIn, of(source)])].filter((chunk) => !named.has(chunk));
          return [
            route,
            {
              js: needed.map((chunk) => chunk.fileName),
              css: needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
            },
          ];
        }),
      );
      const authFiles = [...auth]
        .filter((chunk) => !named.has(chunk))
        .flatMap((chunk) => [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])]);
      const preloads = { auth: authFiles, routes };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 1) });
    },
  };
}

export default defineConfig({
  plugins: [devConfig(), inspectorPage(), preloadAuthChunk(), routePreloads()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    modulePreload: {
      // Every browser the portal supports knows <link rel="modulepreload">: no polyfill in the entry.
      polyfill: false,
      // index.html names the app's chunks (preloadAuthChunk): the entry's import() of main.tsx need not.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /^assets\/index-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-budget.ts walks to find what /login loads.
    manifest: true,
    // The calendar and QR chunks load on their routes; the budget script watches the initial JS.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React, ReactDOM and the JSX runtime (every route's first need) as one file beside the
              // entry: it downloads in parallel with it, and the JSX runtime does not become a chunk of its own.
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              name: (id, ctx) => (appStart(id, ctx) ? 'start' : null),
              debugName: 'start',
              includeDependenciesRecursively: false,
            },
            {
              // The portal's own modules that two or more signed-in chunks share (the shell, the pages,
              // their dialogs) and that /login never loads: one chunk instead of a dozen of 1 KB each,
              // every one of which cost a signed-in first visit a round trip on one of the browser's six
              // connections (decision 031). What the entry or the auth chunk imports stays out of it.
              name: (id, ctx) => (loginSide(id, ctx) ? null : 'app'),
              // Names the group in the bundler's timing report (a function name has none, and it says so on every build).
              debugName: 'app',
              test: /[\\/](src|machines|contracts)[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // react-big-calendar imports every localizer's helpers; the portal uses date-fns, so dayjs's
        // plugins (CommonJS, so kept as if they had side effects) are dead weight in the calendar chunk.
        moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]dayjs[\\/]/.test(id) ? false : undefined),
      },
    },
  },
});
