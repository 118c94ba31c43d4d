import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { cliUsersData, findTestChromium, type Stack, type StackInfo, startStack } from '../../scripts/lib/stack.ts';

/** What a browser test file finds (tests/e2e/support/browser.ts): a pool of stacks, or why there is none. */
export type StackPool = { dir: string; count: number } | { unavailable: string };
/** What the pool's `stack-<n>.json` says once that stack is up, or why it did not come up. */
export type StackStatus = { ready: StackInfo } | { failed: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: StackPool;
  }
}

/**
 * How many copies of the product the browser files share. A file holds one stack for all its tests
 * (tests/e2e/setup.ts leases it), exactly as it held the single stack before: up to this many browser
 * files run at once, each on a stack of its own, beside the server and unit files. As many as Vitest's
 * workers (vitest.config.ts), so a browser file never holds a worker while it waits for a stack.
 */
const STACKS = Number(process.env.E2E_STACKS ?? 3);

/**
 * Starts the stacks. The CLI users (a FORCE_CHANGE_PASSWORD owner, a Customers user, the QA plans'
 * accounts) are made once into a data directory, and each stack starts from a copy of it. Each then
 * starts the product exactly as a newcomer does (scripts/start.mjs: build when stale, then the one
 * process from its bundle) on a free port with its own data directory, and waits until it is healthy
 * (scripts/lib/stack.ts). They start in the background, one after another (the first builds the SPA
 * when stale), while the other projects' tests run; each announces itself in the pool's directory.
 */
export default async function setup(project: TestProject) {
  const chromium = findTestChromium();
  if (!chromium) {
    if (process.env.CI) throw new Error('Chromium is required in CI: apt-get install chromium');
    console.warn('\n  Chromium is not installed (apt-get install chromium): the browser tests did not run.\n');
    project.provide('e2e', {
      unavailable: 'Chromium is not installed (apt-get install chromium); browser tests did not run.',
    });
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-pool-'));
  const announce = (n: number, status: StackStatus) => {
    const file = path.join(dir, `stack-${n}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(status));
    renameSync(`${file}.tmp`, file);
  };
  const stacks: Stack[] = [];
  let stopping = false;
  let usersFrom: string | undefined;
  const starting = (async () => {
    for (let n = 0; n < STACKS && !stopping; n++) {
      try {
        // The CLI users once for the pool (six processes), copied into each stack's data directory.
        usersFrom ??= await cliUsersData();
        const stack = await startStack(chromium, { usersFrom });
        stacks.push(stack);
        const { stop: _stop, ...info } = stack;
        announce(n, { ready: info });
      } catch (error) {
        announce(n, { failed: error instanceof Error ? error.message : String(error) });
      }
    }
  })();
  project.provide('e2e', { dir, count: STACKS });
  return async () => {
    stopping = true;
    await starting;
    await Promise.all(stacks.map((stack) => stack.stop()));
    rmSync(dir, { recursive: true, force: true });
    if (usersFrom) rmSync(usersFrom, { recursive: true, force: true });
  };
}
