import path from 'node:path';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { type Env, parseEnv } from '../../server/env.ts';
import { DataDirBusyError, type DataDirLock, lockDataDir } from '../../server/lib/data-dir-lock.ts';

/**
 * The database a command-line tool works on, exactly as npm start finds it: DATABASE_URL (PostgreSQL,
 * shared with a running server), else the embedded one in DATA_DIR, which allows ONE process: while the
 * server (or another command) holds it, this exits with one line saying what to do instead.
 */
export async function openCliDatabase(command: string): Promise<{ database: Database; env: Env }> {
  const parsed = parseEnv(process.env);
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(2);
  }
  const { env } = parsed;
  if (env.DATABASE_URL) {
    return { database: await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }), env };
  }
  const dataDir = path.resolve(env.DATA_DIR);
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir, command);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const close = database.close;
  return {
    database: {
      ...database,
      close: async () => {
        await close();
        lock.release();
      },
    },
    env,
  };
}
