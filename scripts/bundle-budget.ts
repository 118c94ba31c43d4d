/**
 * Bundle budget: what the browser fetches to render each route, brotli quality 11 (the .br copies the
 * server sends), from the last build's chunk graph (scripts/lib/bundle.ts). Prints the files /login
 * loads, a table of every route (ready for docs/benchmarks.md) and the on-demand chunks; exits 1 over
 * a budget. The same budgets run in CI in tests/e2e/bundle-budget.test.ts.
 * Usage: npm run build && npm run budget
 */
import {
  BUDGET_KB,
  brotliBytes,
  calendarChunks,
  kb,
  loginLoad,
  onDemandChunks,
  overBudget,
  readManifest,
  signedInLoads,
  total,
} from './lib/bundle.ts';

const manifest = readManifest();
const size = (bytes: number) => `${kb(bytes).toFixed(1)} KB`;
/** dist/assets/auth-BWM842gg.js → auth.js: names that stay put from build to build. */
const plain = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}(\.\w+)$/, '$1');

const login = loginLoad(manifest);
console.log('JS the browser loads to render /login (signed out):');
for (const file of login.js) console.log(`${size(brotliBytes(file)).padStart(9)}  ${file}`);

const routes = [login, ...signedInLoads(manifest)];
console.log('\n| route | its own chunk | chunk (brotli) | all JS of a first visit | CSS |');
console.log('| --- | --- | --- | --- | --- |');
for (const route of routes) {
  console.log(
    `| ${route.route} | ${plain(route.chunk)} | ${size(brotliBytes(route.chunk))} | ${size(total(route.js))} | ${size(total(route.css))} |`,
  );
}
console.log('\n| loaded on demand | chunk (brotli) |');
console.log('| --- | --- |');
for (const chunk of onDemandChunks(manifest)) console.log(`| ${chunk.source} | ${size(brotliBytes(chunk.file))} |`);

console.log(
  `\n/login: ${size(total(login.js))} JS (budget ${BUDGET_KB.loginJs} KB), ${size(total(login.css))} CSS (budget ${BUDGET_KB.loginCss} KB); ` +
    `calendar page and grid chunks ${size(total(calendarChunks(manifest)))} (budget ${BUDGET_KB.calendarChunk} KB)`,
);
const breaches = overBudget(manifest);
if (breaches.length > 0) {
  for (const breach of breaches) console.error(`Over budget: ${breach}.`);
  process.exit(1);
}
