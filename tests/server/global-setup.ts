import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * A cold PGlite takes seconds and hundreds of MB; loading a migrated template takes a fraction of
 * that. Build the template once per run; every test file loads its own copy (tests/server/harness.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  const file = path.join(dir, 'template.tar.gz');
  if (project.config.env?.TEST_DB !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite' });
    const dump = await database.dump!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
