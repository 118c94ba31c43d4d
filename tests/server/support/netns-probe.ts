/**
 * Run inside a network namespace of its own (tests/server/processes.test.ts starts it with
 * `unshare --net`), where 192.0.2.10 is an address of this "machine" that is not loopback. Starts the
 * real server twice on one data directory and prints what each kind of caller got, as JSON.
 */
import { rmSync } from 'node:fs';
import { childEnv, freePort, migratedDataDir, startServer } from './processes.ts';

const OUTSIDE = process.argv[2] ?? '192.0.2.10';

async function get(url: string, headers: Record<string, string> = {}): Promise<number | string> {
  try {
    return (await fetch(url, { headers, signal: AbortSignal.timeout(5000) })).status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
}

// Already migrated and without the demo: what the network reaches does not depend on either.
const dataDir = migratedDataDir();
const results: Record<string, number | string> = {};

// 1. Default settings: listening on loopback only.
let port = await freePort();
let server = await startServer(childEnv({ PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: 'false' }));
results.defaultLoopback = await get(`http://127.0.0.1:${port}/healthz`);
results.defaultOutside = await get(`http://${OUTSIDE}:${port}/healthz`);
await server.stop();

// 2. HOST=0.0.0.0: reachable from outside, but the mailbox is not.
port = await freePort();
server = await startServer(childEnv({ PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: 'false', HOST: '0.0.0.0' }));
results.exposedOutside = await get(`http://${OUTSIDE}:${port}/healthz`);
results.mailboxOutside = await get(`http://${OUTSIDE}:${port}/dev/mailbox.json`);
results.mailboxOutsideSpoofed = await get(`http://${OUTSIDE}:${port}/dev/mailbox.json`, {
  'x-forwarded-for': '127.0.0.1',
});
results.mailboxPageOutside = await get(`http://${OUTSIDE}:${port}/dev/mailbox`);
results.mailboxLoopback = await get(`http://127.0.0.1:${port}/dev/mailbox.json`);
await server.stop();

rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(results));
