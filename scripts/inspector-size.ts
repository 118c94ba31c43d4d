/**
 * `npm run inspector:size`: how much the statechart inspector weighs in a development setup. The dev
 * server serves it unbundled, so this bundles its page (src/devtools/inspector.html) and the portal's
 * hook (src/app/devtools.tsx, loaded with `?inspect`) the way a build would, into a temporary folder,
 * and prints each part raw and gzipped. Nothing is written to dist/; the production build never holds
 * any of it (tests/e2e/inspector.test.ts checks dist/).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { root } from './lib/build.ts';

const out = mkdtempSync(path.join(tmpdir(), 'inspector-size-'));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });

try {
  await build({
    root,
    logLevel: 'silent',
    mode: 'development',
    define: { 'import.meta.env.DEV': 'true' },
    build: {
      outDir: out,
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: {
        input: {
          inspector: path.join(root, 'src/devtools/inspector.html'),
          hook: path.join(root, 'src/app/devtools.tsx'),
        },
        preserveEntrySignatures: 'exports-only',
        // One chunk per big part, so the table says what weighs what.
        output: {
          codeSplitting: {
            groups: [
              { name: 'elkjs (layout)', test: /node_modules[\\/]elkjs/ },
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
              { name: 'statelyai-inspect', test: /node_modules[\\/]@statelyai/ },
              { name: 'panzoom', test: /node_modules[\\/]@panzoom/ },
              { name: 'machines and plans', test: /[\\/](machines|scripts|contracts)[\\/]/ },
              { name: 'inspector (src/devtools)', test: /src[\\/]devtools/ },
            ],
          },
        },
      },
    },
  });
  const rows = files(out)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const body = readFileSync(f);
      return { file: path.relative(out, f), raw: body.length, gzip: gzipSync(body).length };
    })
    .sort((a, b) => b.raw - a.raw);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of rows) console.log(`${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
  console.log(
    `${'total (minified, as the dev server would send it bundled)'.padEnd(48)} ${kb(total.raw)} ${kb(total.gzip)} gzip`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
