import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) allows ONE process per data directory: a second one opening it
 * corrupts it. Whoever opens it (the server, a CLI command) first takes this lock: a file in the
 * directory holding its pid. It is removed on exit; a lock whose process is gone (a crash, kill -9)
 * is taken over.
 */
export const LOCK_FILE = 'portal.lock';

/** `url`: where the server holding the directory answers (written once it listens; npm run simulate reads it). */
type Holder = { pid: number; holder: string; since: string; url?: string };

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly current: Holder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${current.holder} (pid ${current.pid}). ` +
        'Stop that process first (Ctrl+C in its terminal), or use PostgreSQL (DATABASE_URL) to run both at once.',
    );
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function read(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid)) return undefined;
    return {
      pid: parsed.pid,
      holder: String(parsed.holder ?? 'another process'),
      since: String(parsed.since ?? ''),
      ...(typeof parsed.url === 'string' ? { url: parsed.url } : {}),
    };
  } catch {
    return undefined;
  }
}

export type DataDirLock = { file: string; release: () => void; noteUrl: (url: string) => void };

/** The live process holding `dataDir` (with its address, if it is a listening server), else undefined. */
export function dataDirHolder(dataDir: string): Holder | undefined {
  const current = read(path.join(dataDir, LOCK_FILE));
  return current && current.pid !== process.pid && alive(current.pid) ? current : undefined;
}

/**
 * Takes the lock on `dataDir` for this process, or throws DataDirBusyError naming the live holder.
 * `holder` says who we are in the other side's message ("the portal server (npm start)").
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const current = read(file);
      if (current && current.pid !== process.pid && alive(current.pid)) throw new DataDirBusyError(dataDir, current);
      // Its process is gone (or the file is unreadable): a stale lock, taken over.
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    process.off('exit', release);
    if (read(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  // Every way out of the process (process.exit included) ends here; only a kill -9 leaves the file.
  process.on('exit', release);
  const noteUrl = (url: string) => {
    if (read(file)?.pid === process.pid) writeFileSync(file, `${JSON.stringify({ ...mine, url })}\n`);
  };
  return { file, release, noteUrl };
}
