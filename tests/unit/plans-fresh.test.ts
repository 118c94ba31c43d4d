/** The committed QA plans and diagrams must be what `npm run plans` writes now, and fully described. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '#machines/registry.ts';
import { docFiles } from '../../machines/plans/index.ts';
import { MISSING, undocumented } from '../../machines/plans/plan.ts';

const root = resolve(import.meta.dirname, '../..');
const files = docFiles(registry);

describe('generated QA plans and diagrams', () => {
  it.each(registry.map((e) => [e.machine.id, e] as const))(
    '%s: every state and transition has a description',
    (_id, e) => {
      expect(undocumented(e.machine)).toEqual([]);
    },
  );

  it.each(files.map((f) => [f.file, f.text] as const))('%s is up to date (run `npm run plans`)', (file, text) => {
    expect(text).not.toContain(MISSING);
    const path = resolve(root, file);
    expect(existsSync(path), `${file} is missing: run npm run plans`).toBe(true);
    expect(readFileSync(path, 'utf8') === text, `${file} is stale: run npm run plans`).toBe(true);
  });
});
