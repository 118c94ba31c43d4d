import pg from 'pg';

/**
 * A new PostgreSQL database on the server `url` points at, and how to drop it again: empty, or a copy
 * of `template` (CREATE DATABASE ... TEMPLATE: a file copy, far quicker than applying the migrations
 * again). Used by the server tests (one per test file, copied from a migrated template made once per
 * run, tests/server/global-setup.ts) and the API benchmark, so neither touches the database it was given.
 */
export async function scratchDatabase(
  url: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
