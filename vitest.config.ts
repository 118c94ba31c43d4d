import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import SuiteSequencer from './tests/sequencer.ts';

// Three kinds of test, one runner:
// - unit + generated: machines and React views in jsdom, fakes injected with machine.provide;
// - server: real HTTP against createApp() on a fresh PGlite per file, and again on PostgreSQL when
//   TEST_DATABASE_URL is set (CI sets it);
// - e2e: real Chromium against the one-process stack (npm start's), only when Chromium is installed.
const pg = process.env.TEST_DATABASE_URL;

/**
 * The jsdom files that need a process of their own: they render the whole app (its router starts page
 * chunks that may still be loading when the file ends, and the module loader keeps that failure for the
 * next file), stub `fetch` (the API client keeps the one it found), or configure the identity client.
 */
const OWN_PROCESS = [
  'tests/unit/account-dead-ends.test.tsx',
  'tests/unit/auth-flows.test.tsx',
  'tests/unit/chat-dialog.test.tsx',
  'tests/unit/flow-harness.test.tsx',
  'tests/unit/owner-polish.test.tsx',
  'tests/unit/pages.test.tsx',
  'tests/unit/roles.test.tsx',
  'tests/unit/router.test.tsx',
  'tests/unit/search.test.tsx',
  'tests/unit/shell.test.tsx',
  'tests/unit/spec-texts.test.tsx',
  'tests/unit/tab-title.test.tsx',
  'tests/generated/session.generated.test.tsx',
  'tests/generated/shell.generated.test.tsx',
  'tests/generated/toast.generated.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default on CI is one worker fewer than the cores: ONE on a 2-core machine, which leaves
    // a core idle while a file waits on PostgreSQL, a child process or the job engine's poll. Three
    // keep both cores busy (docs/decisions/032-test-suite-time.md).
    maxWorkers: 3,
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/generated/**/*.test.{ts,tsx}'],
          exclude: OWN_PROCESS,
          setupFiles: ['tests/unit/setup.ts'],
          // A worker runs file after file without a fresh process: the modules under test (React, XState,
          // the views) load once per worker instead of once per file, more than half the project's CPU time
          // (docs/decisions/032-test-suite-time.md). Each file still gets a fresh jsdom.
          isolate: false,
          // Vitest's 5 s is tight for a jsdom test that first imports the identity client or the calendar
          // while the browser stacks start and other files run beside it on two cores.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-own',
          environment: 'jsdom',
          include: OWN_PROCESS,
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/postgres/**'],
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          env: { TEST_DB: 'pglite' },
          // A worker runs file after file without a fresh process each: the server's modules load and
          // compile once per worker instead of once per file (about 2 s a file). Each file still gets a
          // database and a server of its own (harness.ts), stopped in its afterAll.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...((pg
        ? [
            {
              extends: true,
              test: {
                name: 'server-postgres',
                environment: 'node',
                include: ['tests/server/**/*.test.ts'],
                globalSetup: ['tests/server/global-setup.ts'],
                setupFiles: ['tests/server/setup.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []) as TestProjectConfiguration[]),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Browser files run beside the others, each on a stack of its own for all its tests (a pool of
          // stacks: tests/e2e/global-setup.ts, leased for each file by tests/e2e/setup.ts).
          setupFiles: ['tests/e2e/setup.ts'],
          // A worker runs browser file after browser file, loading Playwright and the test helpers once
          // instead of once per file. Each file still launches its own Chromium and opens its own contexts.
          isolate: false,
          // A journey takes 20-45 s on a quiet machine; three browser files, their stacks and the server
          // files on two cores took some past 60 s (the vouchers journey, the security sweep, 2026-11-27).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
