/**
 * `npm run new:flow:check`: proves that what `npm run new:flow` writes passes lint, typecheck and its
 * own tests untouched. It copies the checkout (tracked and new files, node_modules linked) to a
 * temporary directory, runs the scaffold there with a route, then `biome check`, `tsc` and the tests
 * the new files concern: the generated view test, the plans' freshness, the API document and the
 * authorization and bad-input sweeps. The checkout itself is never written to.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const copy = mkdtempSync(join(tmpdir(), 'new-flow-check-'));
const run = (cmd: string, args: string[], env: Record<string, string> = {}) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: copy, stdio: 'inherit', env: { ...process.env, ...env } });
};
try {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.startsWith('node_modules/'));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(copy, file));
    } catch {
      // a file deleted in the work tree but still tracked
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  // A deletion on a kind of id the sweeps know by this segment, and an edit with a body on a kind whose
  // fixture row names no path yet (its not-found sentence and fixture path are added).
  run('npx', ['tsx', 'scripts/new-flow.ts', 'probe', 'probe-archive', '--route', 'DELETE', '/api/vouchers/:id/probe']);
  run('npx', ['tsx', 'scripts/new-flow.ts', 'probe', 'probe-rename', '--route', 'PUT', '/api/bookings/:id/probe']);
  run('npx', ['biome', 'check', '.']);
  run('npx', ['tsc', '-p', '.']);
  run('npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    // The machine is often shared: the path-set tests of the big machines outlast the 5 s default.
    '--testTimeout',
    '60000',
    'tests/generated/probe-archive.generated.test.tsx',
    'tests/generated/probe-rename.generated.test.tsx',
    'tests/unit/contract-inputs.test.ts',
    'tests/unit/plans-fresh.test.ts',
    'tests/unit/plans.test.ts',
  ]);
  run('npx', [
    'vitest',
    'run',
    '--project',
    'server',
    'tests/server/openapi.test.ts',
    'tests/server/cross-owner.test.ts',
    'tests/server/bad-input.test.ts',
    'tests/server/mass-assignment.test.ts',
  ]);
  console.log('\nnew:flow output passes lint, typecheck and its tests untouched.');
} finally {
  if (keep) console.log(`kept ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
