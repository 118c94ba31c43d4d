/**
 * The built SPA's chunk graph (Vite's manifest of the last `npm run build`) and the brotli size of what
 * each route makes the browser fetch. Shared by scripts/bundle-budget.ts (the table and the exit code)
 * and tests/e2e/bundle-budget.test.ts (the same budgets in CI, and the check that this set of files is
 * what Chromium really requests for /login).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { manifestFile, root } from './build.ts';

/** Budgets in KB of 1,024 bytes, brotli quality 11 (what the server sends: dist/**\/*.br). */
export const BUDGET_KB = {
  /** Every JS file the browser loads to render /login. */
  loginJs: 110,
  /** The calendar page's own chunks: the page, and its grid (react-big-calendar) fetched once it painted. */
  calendarChunk: 60,
  /** The CSS /login loads. */
  loginCss: 20,
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const dist = path.join(root, 'dist');

/** The dynamic imports the app starts on a route's first load (src/app/routes.tsx, pages.ts). */
const AUTH_CHUNK = 'src/features/auth/index.ts';
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';
/** The identity client (src/auth/auth.ts): loaded when a session may exist, not for a signed-out /login. */
const IDENTITY_CHUNK = 'src/auth/amplify.ts';
const CALENDAR_PAGE = 'src/features/bookings/calendar-page.tsx';
const CALENDAR_GRID = 'src/features/bookings/calendar-grid.tsx';
/** Chunks a page fetches itself as soon as it is on screen (decision 031): part of its first visit. */
const PAGE_PARTS: Record<string, string[]> = { [CALENDAR_PAGE]: [CALENDAR_GRID] };

export function readManifest(): Manifest {
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build first.`);
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

const sizes = new Map<string, number>();
/** Brotli bytes of a dist/ file: its precompressed .br copy, else compressed here at quality 11. */
export function brotliBytes(file: string): number {
  let bytes = sizes.get(file);
  if (bytes === undefined) {
    const br = path.join(dist, `${file}.br`);
    bytes = existsSync(br)
      ? readFileSync(br).length
      : brotliCompressSync(readFileSync(path.join(dist, file)), {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
    sizes.set(file, bytes);
  }
  return bytes;
}

export const kb = (bytes: number) => bytes / 1024;

/** A manifest key and everything it imports statically (what the browser fetches with it), as dist files. */
function closure(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const chunks = [...seen].map((key) => manifest[key]!);
  return {
    js: chunks.map((c) => c.file).sort(),
    css: [...new Set(chunks.flatMap((c) => c.css ?? []))].sort(),
  };
}

const entryKey = (manifest: Manifest) => {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The build manifest has no entry');
  return key;
};

/**
 * What every load fetches first: the small entry (src/app/boot.ts) and the app it imports once the
 * loading screen is painted (main.tsx, a chunk of the `start` group; index.html names its files).
 */
const startKeys = (manifest: Manifest) => {
  const entry = entryKey(manifest);
  return [entry, ...(manifest[entry]!.dynamicImports ?? [])];
};

export interface RouteLoad {
  route: string;
  /** The route's own chunk (dist path), and the files the browser fetches to render the route. */
  chunk: string;
  js: string[];
  css: string[];
}

/** Every JS and CSS file the browser loads to render /login for a signed-out visitor. */
export function loginLoad(manifest: Manifest = readManifest()): RouteLoad {
  const { js, css } = closure(manifest, [...startKeys(manifest), AUTH_CHUNK]);
  return { route: '/login', chunk: manifest[AUTH_CHUNK]!.file, js, css };
}

/** The signed-in pages of src/app/pages.ts: path and source module, in sidebar order. */
export function signedInPages(): Array<{ route: string; source: string }> {
  const source = readFileSync(path.join(root, 'src/app/pages.ts'), 'utf8');
  const text = source.slice(source.indexOf('export const PAGES'));
  const rows = [...text.matchAll(/path: '([^']+)'[\s\S]*?import\('#src\/([^']+)'\)/g)].map((m) => ({
    route: m[1]!,
    source: `src/${m[2]!}`,
  }));
  if (rows.length === 0) throw new Error('No pages found in src/app/pages.ts');
  return rows;
}

/**
 * What a signed-in first visit to each page loads: the entry, the shell, the page (and what the page
 * fetches itself once on screen: PAGE_PARTS). index.html names the shell and page for that path instead
 * of the auth chunk (server/static.ts, decision 031). The identity client is not among them while the
 * stored tokens are valid (src/auth/stored-session.ts); it loads to refresh them or to sign out.
 */
export function signedInLoads(manifest: Manifest = readManifest()): RouteLoad[] {
  return signedInPages().map(({ route, source }) => {
    const parts = PAGE_PARTS[source] ?? [];
    const { js, css } = closure(manifest, [...startKeys(manifest), SIGNED_IN_CHUNK, source, ...parts]);
    return { route, chunk: manifest[source]!.file, js, css };
  });
}

/** The chunks loaded on demand only (a dialog, the QR decoder, the identity client before sign-in...). */
export function onDemandChunks(manifest: Manifest = readManifest()): Array<{ source: string; file: string }> {
  const routes = new Set([
    ...startKeys(manifest),
    AUTH_CHUNK,
    SIGNED_IN_CHUNK,
    ...signedInPages().flatMap((p) => [p.source, ...(PAGE_PARTS[p.source] ?? [])]),
  ]);
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && !routes.has(key))
    .map(([key, chunk]) => ({ source: key, file: chunk.file }));
}

export const identityChunk = (manifest: Manifest = readManifest()) => manifest[IDENTITY_CHUNK]!.file;

/** The calendar's own chunks: the page and its grid (react-big-calendar), as dist files. */
export const calendarChunks = (manifest: Manifest = readManifest()) =>
  [CALENDAR_PAGE, CALENDAR_GRID].map((key) => manifest[key]!.file);

export const total = (files: string[]) => files.reduce((sum, file) => sum + brotliBytes(file), 0);

/** Budget breaches, in words; empty when every budget holds. */
export function overBudget(manifest: Manifest = readManifest()): string[] {
  const login = loginLoad(manifest);
  const breaches: string[] = [];
  const loginJs = kb(total(login.js));
  if (loginJs > BUDGET_KB.loginJs)
    breaches.push(`/login loads ${loginJs.toFixed(1)} KB of JS (brotli), over its ${BUDGET_KB.loginJs} KB budget`);
  const loginCss = kb(total(login.css));
  if (loginCss > BUDGET_KB.loginCss)
    breaches.push(`/login loads ${loginCss.toFixed(1)} KB of CSS (brotli), over its ${BUDGET_KB.loginCss} KB budget`);
  const calendar = kb(total(calendarChunks(manifest)));
  if (calendar > BUDGET_KB.calendarChunk)
    breaches.push(
      `the calendar's chunks (page and grid) are ${calendar.toFixed(1)} KB (brotli), over their ${BUDGET_KB.calendarChunk} KB budget`,
    );
  return breaches;
}
