import type { TestProject } from 'vitest/node';
import { findChromium, type StackInfo, startStack } from '../../scripts/lib/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: StackInfo | { unavailable: string };
  }
}

/**
 * Creates the CLI users (a FORCE_CHANGE_PASSWORD owner, a Customers user), then starts the product
 * exactly as a newcomer does (scripts/start.mjs: build when stale, then the one process from its bundle) on a free port
 * with its own data directory, and waits until it is healthy. See scripts/lib/stack.ts.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI) throw new Error('Chromium is required in CI: apt-get install chromium');
    console.warn('\n  Chromium is not installed (apt-get install chromium): the browser tests did not run.\n');
    project.provide('e2e', {
      unavailable: 'Chromium is not installed (apt-get install chromium); browser tests did not run.',
    });
    return;
  }
  const { stop, ...info } = await startStack(chromium);
  project.provide('e2e', info);
  return stop;
}
