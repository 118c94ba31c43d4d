/**
 * Before each browser file: a stack of the pool for the whole file (support/browser.ts, leaseStack),
 * given back after the file's last afterAll. A setup file runs again for every file, while the modules
 * the files import stay loaded in their worker (vitest.config.ts).
 */
import { afterAll } from 'vitest';
import { available, leaseStack, stack } from './support/browser.ts';

if (available) {
  const lease = await leaseStack();
  // Every field of StackInfo is set by each stack: nothing of the last file's stays.
  Object.assign(stack, lease.stack);
  afterAll(lease.release);
}
