/**
 * Several copies of the product as a load balancer sees them: real server processes (server/index.ts)
 * on one scratch PostgreSQL database and one S3 bucket (s3rver), each with a DATA_DIR and port of its
 * own, started at the same moment. Used by tests/server/postgres/copies.test.ts. No vitest imports here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { scratchDatabase } from '../../../scripts/lib/scratch-database.ts';
import { defaultEnv } from '../../../server/env.ts';
import type { HttpServer } from '../harness.ts';
import { httpClient } from './http.ts';
import { childEnv, freePort, type Served, startServer, tempDataDir } from './processes.ts';

export type Copy = HttpServer & { name: string; process: Served };

export const COPIES_BUCKET = 'portal-media';

/** `count` copies sharing `settings` (plus the database and the bucket); `stop` ends and removes everything. */
export async function startCopies(count: number, settings: Record<string, string>) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('Copies of the server need TEST_DATABASE_URL (PostgreSQL).');
  const dirs = [mkdtempSync(path.join(tmpdir(), 's3rver-copies-'))];
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dirs[0]!,
    configureBuckets: [{ name: COPIES_BUCKET, configs: [] }],
  });
  const [address, database] = await Promise.all([
    s3.run() as Promise<AddressInfo>,
    scratchDatabase(databaseUrl, 'portal_copies'),
  ]);
  const shared = {
    ...settings,
    DATABASE_URL: database.url,
    MEDIA_S3_BUCKET: COPIES_BUCKET,
    MEDIA_S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  // What the copies run with, as the tests read it (limits, pool ids).
  const env = defaultEnv({ NODE_ENV: 'test', ...shared });
  const started = await Promise.allSettled(
    Array.from({ length: count }, async (_, i) => {
      const dataDir = tempDataDir();
      dirs.push(dataDir);
      const served = await startServer(childEnv({ ...shared, PORT: String(await freePort()), DATA_DIR: dataDir }));
      return { name: String.fromCharCode(97 + i), process: served, url: served.url, env, ...httpClient(served.url) };
    }),
  );
  const copies = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(copies.map((copy) => copy.process.stop()));
    await s3.close();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { copies: copies as Copy[], env, stop };
}
