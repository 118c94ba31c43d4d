// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of biome.json (run by `npm run lint`, so by `npm test` and CI) applied to probe files:
 * the project's own configuration in a scratch directory laid out like the project, one probe per
 * rule that must be flagged and probes of imports that must stay allowed. From the ground up:
 * contracts/ ← machines/ (lib ← machines, samples ← registry, plans) ← src/ (ui, lib, api, auth ← features
 * ← app; devtools beside app), and contracts/ ← server/; scripts/ and tests/ may import them all, and
 * nothing imports scripts/ or tests/.
 */

const root = path.resolve(import.meta.dirname, '../..');
const RULES = ['noRestrictedImports', 'noImportCycles', 'noNodejsModules'] as const;
type Rule = (typeof RULES)[number];
/** `values`: the probe imports values, not types (a type from a Node module is allowed in browser code). */
type Probe = { file: string; imports: string[]; flagged: Rule | null; values?: true };

const PROBES: Probe[] = [
  // contracts/: the wire, shared by both sides: valibot and other contracts only, no Node module.
  { file: 'contracts/server.ts', imports: ['#server/db/schema.ts'], flagged: 'noRestrictedImports' },
  { file: 'contracts/spa.ts', imports: ['../src/api/client.ts'], flagged: 'noRestrictedImports' },
  { file: 'contracts/machine.ts', imports: ['#machines/registry.ts'], flagged: 'noRestrictedImports' },
  { file: 'contracts/node.ts', imports: ['node:crypto'], flagged: 'noNodejsModules', values: true },
  { file: 'contracts/fine.ts', imports: ['valibot', './common.ts', '#contracts/users.ts'], flagged: null },
  // machines/: no React, nothing from src/, server/, scripts/ or tests/, no Node module (the browser runs them).
  { file: 'machines/react.machine.ts', imports: ['react'], flagged: 'noRestrictedImports' },
  { file: 'machines/xstate-react.machine.ts', imports: ['@xstate/react'], flagged: 'noRestrictedImports' },
  { file: 'machines/src-alias.machine.ts', imports: ['#src/ui/button.tsx'], flagged: 'noRestrictedImports' },
  { file: 'machines/src-relative.machine.ts', imports: ['../src/app/app.tsx'], flagged: 'noRestrictedImports' },
  { file: 'machines/server.machine.ts', imports: ['#server/db/client.ts'], flagged: 'noRestrictedImports' },
  { file: 'machines/plans/scripts.ts', imports: ['../../scripts/lib/build.ts'], flagged: 'noRestrictedImports' },
  { file: 'machines/samples/tests.ts', imports: ['#tests/generated/harness.tsx'], flagged: 'noRestrictedImports' },
  { file: 'machines/plans/node.ts', imports: ['node:fs/promises'], flagged: 'noNodejsModules', values: true },
  { file: 'machines/lib/node-bare.ts', imports: ['path'], flagged: 'noNodejsModules', values: true },
  {
    file: 'machines/fine.machine.ts',
    imports: ['xstate', 'valibot', '#contracts/users.ts', './lib/effects.ts', '#machines/lib/paths.ts'],
    flagged: null,
  },
  {
    file: 'machines/plans/fine.ts',
    imports: ['xstate', '../lib/paths.ts', '../samples/demo.samples.ts', '#machines/registry.ts', './diagram.ts'],
    flagged: null,
    values: true,
  },
  // machines/lib: the ground of machines/ (the portal imports it too): no machine, sample, plan or registry.
  { file: 'machines/lib/machine.ts', imports: ['../toast.machine.ts'], flagged: 'noRestrictedImports' },
  { file: 'machines/lib/sample.ts', imports: ['../samples/demo.samples.ts'], flagged: 'noRestrictedImports' },
  { file: 'machines/lib/plan.ts', imports: ['#machines/plans/plan.ts'], flagged: 'noRestrictedImports' },
  { file: 'machines/lib/registry.ts', imports: ['#machines/registry.ts'], flagged: 'noRestrictedImports' },
  { file: 'machines/lib/src.ts', imports: ['#src/ui/button.tsx'], flagged: 'noRestrictedImports' },
  {
    file: 'machines/lib/fine.ts',
    imports: ['xstate', '@xstate/graph', './entry.ts', '#contracts/users.ts'],
    flagged: null,
  },
  // src/: the browser app: nothing from server/, scripts/ or tests/, no Node module; src/devtools only
  // from the inspector page.
  { file: 'src/devtools/qa.ts', imports: ['../../scripts/lib/plan.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/app/server.ts', imports: ['#server/db/schema.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/app/server-relative.ts', imports: ['../../server/app.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/app/tests.ts', imports: ['#tests/unit/setup.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/app/node.ts', imports: ['node:path'], flagged: 'noNodejsModules', values: true },
  { file: 'src/app/devtools-alias.ts', imports: ['#src/devtools/qa.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/app/devtools-relative.ts', imports: ['../devtools/qa.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'src/app/fine.tsx',
    imports: ['#src/features/vouchers/vouchers-page.tsx', './pages.ts', './devtools.tsx', '#machines/shell.machine.ts'],
    flagged: null,
  },
  // src/features/*: no other feature, nothing from src/app or src/devtools.
  { file: 'src/features/alpha/other.tsx', imports: ['#src/features/beta/page.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/sibling.tsx', imports: ['../beta/page.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/app.tsx', imports: ['#src/app/shell.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/app-relative.tsx', imports: ['../../app/shell.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/devtools.tsx', imports: ['#src/devtools/qa.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/features/alpha/scripts.tsx', imports: ['../../../scripts/lib/plan.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'src/features/alpha/fine.tsx',
    imports: ['./alpha.wiring.ts', '#src/ui/button.tsx', '#src/api/errors.ts', '#src/lib/inspect.ts', '#machines/x.ts'],
    flagged: null,
  },
  // src/ui, lib, api, auth: shared by the features, so nothing from a feature, src/app or src/devtools.
  { file: 'src/ui/feature.tsx', imports: ['#src/features/alpha/page.tsx'], flagged: 'noRestrictedImports' },
  { file: 'src/lib/app.ts', imports: ['../app/pages.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/api/devtools.ts', imports: ['#src/devtools/qa.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/auth/feature.ts', imports: ['../features/auth/index.ts'], flagged: 'noRestrictedImports' },
  { file: 'src/lib/server.ts', imports: ['#server/lib/ids.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'src/ui/fine.tsx',
    imports: [
      './button.tsx',
      '#src/lib/page.ts',
      '../api/errors.ts',
      '#machines/lib/effects.ts',
      '#contracts/users.ts',
    ],
    flagged: null,
  },
  // src/devtools: the inspector page works on the machines: nothing from src/app or the features.
  { file: 'src/devtools/app.ts', imports: ['#src/app/pages.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'src/devtools/feature.ts',
    imports: ['../features/dashboard/posts.wiring.ts'],
    flagged: 'noRestrictedImports',
  },
  {
    file: 'src/devtools/fine.ts',
    imports: [
      '#machines/plans/plan.ts',
      '#machines/registry.ts',
      '#src/lib/redact.ts',
      '#src/ui/button.tsx',
      './chart.ts',
    ],
    flagged: null,
  },
  // server/: nothing from src/, machines/, scripts/ or tests/; routes import no start-up code and not app.ts.
  { file: 'server/lib/spa.ts', imports: ['#src/api/errors.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/lib/spa-relative.ts', imports: ['../../src/api/errors.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/lib/machine.ts', imports: ['#machines/samples/demo.samples.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/seed/scripts.ts', imports: ['../../scripts/lib/bench-app.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/lib/tests.ts', imports: ['#tests/server/harness.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/routes/alpha/seed.routes.ts', imports: ['../../seed/demo.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/routes/alpha/app.routes.ts', imports: ['../../app.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/routes/alpha/machine.routes.ts', imports: ['#machines/registry.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'server/routes/alpha/fine.routes.ts',
    imports: ['#contracts/users.ts', '../../types.ts', '../../lib/scope.ts', './alpha.ts'],
    flagged: null,
  },
  {
    file: 'server/lib/fine.ts',
    imports: ['node:crypto', 'hono', '#contracts/users.ts', '../db/client.ts'],
    flagged: null,
    values: true,
  },
  // scripts/: nothing from tests/; everything else is theirs to use.
  { file: 'scripts/alias.ts', imports: ['#tests/server/harness.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/relative.ts', imports: ['../tests/e2e/support/browser.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/stack.ts', imports: ['../tests/e2e/support/stack.ts'], flagged: 'noRestrictedImports' },
  {
    file: 'scripts/fine.ts',
    imports: ['./lib/build.ts', '#machines/registry.ts', '#machines/plans/plan.ts', '#server/db/client.ts', 'node:fs'],
    flagged: null,
    values: true,
  },
  // scripts/ and server/seed/: no route file's internals, only the areas' *.queries.ts.
  { file: 'scripts/routes.ts', imports: ['../server/routes/posts/posts.routes.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/lib/alias.ts', imports: ['#server/routes/posts/posts.routes.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/helper.ts', imports: ['../server/routes/bookings/cancel.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/identity.ts', imports: ['../server/identity/cognito.routes.ts'], flagged: 'noRestrictedImports' },
  { file: 'scripts/queries.ts', imports: ['../server/routes/posts/posts.queries.ts'], flagged: null },
  { file: 'scripts/lib/queries.ts', imports: ['#server/routes/vouchers/vouchers.queries.ts'], flagged: null },
  { file: 'server/seed/route.ts', imports: ['../routes/posts/posts.routes.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/seed/helper.ts', imports: ['../routes/vouchers/redeem.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/seed/spa.ts', imports: ['#src/api/errors.ts'], flagged: 'noRestrictedImports' },
  { file: 'server/seed/queries.ts', imports: ['../routes/businesses/businesses.queries.ts'], flagged: null },
  { file: 'server/seed/fine.ts', imports: ['../lib/business-time.ts', '../sim/customers.ts', './x.ts'], flagged: null },
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
    const source = probe.values
      ? [
          ...probe.imports.map((from, i) => `import * as ${names[i]} from '${from}';`),
          `export const probe = [${names.join(', ')}];`,
          '',
        ].join('\n')
      : [
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
      const rules = [...(found.get(file) ?? [])].filter((rule) => (RULES as readonly string[]).includes(rule));
      expect(rules).toEqual(probe.flagged ? [probe.flagged] : []);
    },
  );
});
