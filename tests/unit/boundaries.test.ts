// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of biome.json (run by `npm run lint`, so by `npm test` and CI) applied to probe files:
 * the project's own configuration in a scratch directory laid out like the project, one probe per
 * rule that must be flagged and probes of imports that must stay allowed.
 */

const root = path.resolve(import.meta.dirname, '../..');
type Rule = 'noRestrictedImports' | 'noImportCycles';
type Probe = { file: string; imports: string[]; flagged: Rule | null };

const PROBES: Probe[] = [
  // machines/: no React, nothing from src/ or server/.
  { file: 'machines/react.machine.ts', imports: ['react'], flagged: 'noRestrictedImports' },
  { file: 'machines/xstate-react.machine.ts', imports: ['@xstate/react'], flagged: 'noRestrictedImports' },
  { file: 'machines/src-alias.machine.ts', imports: ['#src/ui/button.tsx'], flagged: 'noRestrictedImports' },
  { file: 'machines/src-relative.machine.ts', imports: ['../src/app/app.tsx'], flagged: 'noRestrictedImports' },
  { file: 'machines/server.machine.ts', imports: ['#server/db/client.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'machines/fine.machine.ts',
    imports: ['xstate', 'valibot', '#contracts/users.ts', './lib/effects.ts', '#machines/lib/paths.ts'],
    flagged: null,
  },
  // src/features/*: no other feature, nothing from src/app.
  { file: 'src/features/alpha/other.tsx', imports: ['#src/features/beta/page.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/sibling.tsx', imports: ['../beta/page.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/app.tsx', imports: ['#src/app/shell.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/app-relative.tsx', imports: ['../../app/shell.tsx'], flagged: 'noRestrictedImports' },
  {
    file: 'src/features/alpha/fine.tsx',
    imports: ['./alpha.wiring.ts', '#src/ui/button.tsx', '#src/api/errors.ts', '#src/lib/inspect.ts', '#machines/x.ts'],
    flagged: null,
  },
  // server/: nothing from src/ (or tests/); routes import no start-up code and not app.ts.
  { file: 'server/lib/spa.ts', imports: ['#src/api/errors.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/lib/spa-relative.ts', imports: ['../../src/api/errors.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/routes/alpha/seed.routes.ts', imports: ['../../seed.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/routes/alpha/app.routes.ts', imports: ['../../app.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'server/routes/alpha/fine.routes.ts',
    imports: ['#contracts/users.ts', '../../types.ts', '../../lib/scope.ts', './alpha.ts'],
    flagged: null,
  },
  // scripts/: nothing from tests/.
  { file: 'scripts/alias.ts', imports: ['#tests/server/harness.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/relative.ts', imports: ['../tests/e2e/support/browser.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'scripts/fine.ts',
    imports: ['./lib/build.ts', '#machines/registry.ts', '#server/db/client.ts'],
    flagged: null,
  },
  // Import cycles, type-only ones included (app.ts <-> routes was one).
  { file: 'server/cycle-a.ts', imports: ['./cycle-b.ts'], flagged: 'noImportCycles' },
  { file: 'server/cycle-b.ts', imports: ['./cycle-a.ts'], flagged: 'noImportCycles' },
  { file: 'server/no-cycle.ts', imports: ['./cycle-a.ts'], flagged: null },
];

let dir: string;
let found: Map<string, Set<string>>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const probe of PROBES) {
    const names = probe.imports.map((_, i) => `T${i}`);
    const source = [
      ...probe.imports.map((from, i) => `import type { ${names[i]} } from '${from}';`),
      `export type Probe = [${names.join(', ')}];`,
      '',
    ].join('\n');
    mkdirSync(path.dirname(path.join(dir, probe.file)), { recursive: true });
    writeFileSync(path.join(dir, probe.file), source);
  }
  let output: string;
  try {
    output = execFileSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output.slice(output.indexOf('{'))) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  found = new Map();
  for (const diagnostic of report.diagnostics) {
    const rule = diagnostic.category.split('/').at(-1)!;
    const file = diagnostic.location.path.replaceAll('\\', '/');
    if (!found.has(file)) found.set(file, new Set());
    found.get(file)!.add(rule);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('layer rules', () => {
  it.each(PROBES.map((probe) => [probe.file, probe.imports.join(', '), probe] as const))(
    '%s importing %s',
    (file, _imports, probe) => {
      const rules = [...(found.get(file) ?? [])].filter(
        (rule) => rule === 'noRestrictedImports' || rule === 'noImportCycles',
      );
      expect(rules).toEqual(probe.flagged ? [probe.flagged] : []);
    },
  );
});
