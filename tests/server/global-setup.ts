import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProcessBundle } from '../../scripts/lib/build.ts';
import { scratchDatabase } from '../../scripts/lib/scratch-database.ts';
import { openDatabase } from '../../server/db/client.ts';
import { makeMigratedDataTemplate } from './support/processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** server-postgres: the name of a migrated database on TEST_DATABASE_URL's server, to copy per file. */
    postgresTemplate: string;
  }
}

/**
 * A cold PGlite takes seconds and hundreds of MB; loading a migrated template takes a fraction of
 * that. Build the template once per run; every test file loads its own copy (tests/server/harness.ts).
 * On PostgreSQL the same: one migrated database per run, and every test file gets a database of its
 * own made from it with CREATE DATABASE ... TEMPLATE instead of running the migrations again.
 */
export default async function setup(project: TestProject) {
  // The server and the CLIs that the process tests start, bundled once per run, and the migrated data
  // directory most of them start from (tests/server/support/processes.ts).
  await buildProcessBundle();
  await makeMigratedDataTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  const file = path.join(dir, 'template.tar.gz');
  let dropTemplate: (() => Promise<void>) | undefined;
  if (project.config.env?.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = await scratchDatabase(url, 'portal_template');
    dropTemplate = template.drop;
    try {
      // Closed before any copy is made: PostgreSQL copies a template only while nobody is connected to it.
      const database = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 2 });
      await database.close();
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide('postgresTemplate', template.name);
  } else {
    const database = await openDatabase({ kind: 'pglite' });
    const dump = await database.dump!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('postgresTemplate', '');
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate?.();
  };
}
