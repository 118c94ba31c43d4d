import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** dist/ is stale when it is missing or any source of the SPA changed after the last build. */
export function needsBuild(): boolean {
  if (!existsSync(stamp) || !existsSync(manifestFile)) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Brotli and gzip copies next to each text asset, so the server sends them without compressing per request. */
function precompress(dir: string) {
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

export function buildSpa(): void {
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
