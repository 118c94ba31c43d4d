// Plain JavaScript on purpose: `npm start` (scripts/start.mjs) runs this with Node alone, no tsx.
// Types for the TypeScript side: ./build.d.mts (scripts import it through ./build.ts).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');
/**
 * Vite's manifest of the last build (the chunk graph scripts/lib/bundle.ts walks), kept beside dist/ and
 * not in it: dist/ is exactly what is served or deployed.
 */
export const manifestFile = path.join(root, 'node_modules', '.cache', 'portal-build', 'manifest.json');
const inputs = ['src', 'machines', 'contracts', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

/**
 * The server as `npm start` runs it: server/index.ts and everything of ours it imports, bundled by esbuild
 * into one directory beside dist/ (never in it: dist/ is served to browsers). Node runs it with no
 * TypeScript step. The migrations are copied next to it: server/db/client.ts finds them beside its own
 * module, which in the bundle is this directory.
 */
export const serverDir = path.join(root, 'dist-server');
/**
 * V8 flags the server runs with, here for the scripts that start it (package.json's `start` spells them
 * too):
 * - a young generation of 2 MB semi-spaces instead of V8's up to 16 MB. A request's garbage dies young
 *   either way; the larger semi-spaces only kept RSS ~25 MB above idle after a burst of requests on
 *   PostgreSQL (docs/decisions/029-request-path-at-its-floor.md);
 * - V8's background threads sized by Node to the machine's parallelism (`--v8-pool-size=0`: one thread on
 *   two cores) instead of Node's fixed four. On two cores, four threads compiling PGlite's WASM took the main
 *   thread's core while it started the server, and each kept an allocator arena of freed memory
 *   (docs/decisions/034-v8-threads-to-the-cores.md).
 */
export const serverNodeFlags = ['--max-semi-space-size=2', '--v8-pool-size=0'];
export const serverEntry = path.join(serverDir, 'index.mjs');
const serverStamp = path.join(serverDir, '.build-stamp');
const serverInputs = ['server', 'contracts', 'package.json', 'package-lock.json', 'scripts/lib/build.mjs'];

/**
 * Left to Node to load from node_modules at run time, not bundled: PGlite reads its .wasm and .data files
 * beside its own module; pg's optional native and Cloudflare bindings are not installed; the AWS SDK and
 * nodemailer load only when S3 or SMTP is configured (dynamic imports). Everything else (hono, drizzle,
 * valibot, jose, pg, pg-boss...) is bundled: one file parsed instead of hundreds resolved and read.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pg-native',
  'pg-cloudflare',
  'cloudflare:sockets',
  '@aws-sdk/*',
  'nodemailer',
];

/** @param {string} target */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** @param {string} stampFile @param {string[]} sources */
const stale = (stampFile, sources) => {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  return sources.some((input) => newestMtime(path.join(root, input)) > built);
};

/** dist/ is stale when it is missing or any source of the SPA changed after the last build. */
export function needsBuild() {
  return !existsSync(manifestFile) || stale(stamp, inputs);
}

/** dist-server/ is stale when it is missing or any source of the server changed after the last build. */
export function needsServerBuild() {
  return !existsSync(serverEntry) || stale(serverStamp, serverInputs);
}

/**
 * Brotli and gzip copies next to each text asset, so the server sends them without compressing per request.
 * @param {string} dir
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|map)$/.test(name)) continue;
    const data = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

export function buildSpa() {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always the production bundle: Vite builds React's development bundle (StrictMode double effects, the
  // inspector chunk) when NODE_ENV=development is inherited, e.g. from `NODE_ENV=development npm start`.
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
  mkdirSync(path.dirname(manifestFile), { recursive: true });
  renameSync(path.join(dist, '.vite', 'manifest.json'), manifestFile);
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  precompress(dist);
  writeFileSync(stamp, new Date().toISOString());
}

/**
 * esbuild's bundle of server-side entry points into one directory (a child of the project root: the server
 * finds dist/ one level up from its own module), with the migrations copied beside it. ES modules with code
 * splitting, so what the server imports with import() (the demo seed, the OpenAPI document, ...) stays out
 * of the start-up path. Source maps without the sources: a stack trace names server/*.ts lines (npm start
 * enables source maps) and the sources are in the clone.
 * @param {Record<string, string>} entryPoints @param {string} outdir
 */
async function bundleForNode(entryPoints, outdir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    // Beside index.mjs: each chunk's import.meta.url then names this directory (the migrations).
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    // Whitespace and syntax only (names kept): about 40 % less source for V8 to hold and parse at start.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    // Bundled CommonJS packages (pg, pg-boss) call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
    },
  });
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

/** Bundles the server (esbuild's JS API; esbuild is loaded only here, never on a start that finds the bundle fresh). */
export async function buildServer() {
  rmSync(serverDir, { recursive: true, force: true });
  await bundleForNode({ index: 'server/index.ts' }, serverDir);
  writeFileSync(serverStamp, new Date().toISOString());
}

/**
 * What the process tests start (tests/server/support/processes.ts): the server as dist-server/ has it, and
 * the users and simulate commands (the browser stacks' users are made with it too: scripts/lib/stack.ts),
 * bundled the same way into a directory of their own (the browser stacks may be building dist-server/ at
 * the same moment). Plain Node runs them: under tsx each start is two processes compiling TypeScript as
 * they load, about 3 CPU-seconds more per start on two cores.
 */
export const processBundleDir = path.join(root, 'dist-processes');
const processInputs = [...serverInputs, 'scripts'];

/**
 * Builds dist-processes/ when it is missing or stale: into a directory of its own, then renamed into place,
 * unless another set-up of the same run (the server's, the browser stacks') put a fresh one there meanwhile:
 * a bundle in use is never replaced by the same one.
 */
export async function buildProcessBundle() {
  const stampFile = path.join(processBundleDir, '.build-stamp');
  const fresh = () => existsSync(stampFile) && !stale(stampFile, processInputs);
  if (fresh()) return;
  const building = `${processBundleDir}.${process.pid}.${Date.now()}`;
  await bundleForNode(
    { index: 'server/index.ts', users: 'scripts/users.ts', simulate: 'scripts/simulate.ts' },
    building,
  );
  writeFileSync(path.join(building, '.build-stamp'), new Date().toISOString());
  if (!fresh()) {
    rmSync(processBundleDir, { recursive: true, force: true });
    try {
      renameSync(building, processBundleDir);
      return;
    } catch (error) {
      if (!fresh()) throw error;
    }
  }
  rmSync(building, { recursive: true, force: true });
}
