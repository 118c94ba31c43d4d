/**
 * Bundle budget: the JavaScript and CSS a browser must fetch before the /login page can render
 * (the entry chunk, its static imports and its CSS), measured brotli-compressed from dist/.
 * Fails (exit 1) when over budget. Usage: npm run build && npx tsx scripts/bundle-budget.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { root } from './lib/build.ts';

const BUDGET_KB = { js: 150, css: 20 };
const dist = path.join(root, 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const brotli = (file: string) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const rows = refs.map((file) => ({ file, kind: file.endsWith('.css') ? 'css' : 'js', bytes: brotli(file) }));
const total = (kind: string) => rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.bytes, 0) / 1024;
for (const row of rows) console.log(`${(row.bytes / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
const js = total('js');
const css = total('css');
console.log(
  `initial JS ${js.toFixed(1)} KB brotli (budget ${BUDGET_KB.js}), CSS ${css.toFixed(1)} KB (budget ${BUDGET_KB.css})`,
);
if (js > BUDGET_KB.js || css > BUDGET_KB.css) {
  console.error('Over budget.');
  process.exit(1);
}
