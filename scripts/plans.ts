/**
 * `npm run plans`: writes a QA test plan (docs/test-plans/<machine>.md) and a statechart diagram
 * (docs/machines/<machine>.md) for every machine in machines/registry.ts. The texts come from
 * machines/plans/plan.ts and diagram.ts (pure, shared with the inspector); this script only writes them.
 * tests/unit/plans-fresh.test.ts fails when the committed files differ from what this writes, or when a
 * description is missing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { docFiles } from '#machines/plans/index.ts';
import { MISSING } from '#machines/plans/plan.ts';
import { registry } from '#machines/registry.ts';

const root = resolve(import.meta.dirname, '..');
let undocumented = 0;
for (const { file, text } of docFiles(registry)) {
  await mkdir(dirname(resolve(root, file)), { recursive: true });
  await writeFile(resolve(root, file), text);
  const missing = text.split(MISSING).length - 1;
  undocumented += missing;
  console.log(`${file}${missing ? `  (${missing} missing descriptions)` : ''}`);
}
if (undocumented) {
  console.error(`${undocumented} states or transitions have no description; the plans say where.`);
  process.exitCode = 1;
}
