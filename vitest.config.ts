import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

// Three kinds of test, one runner:
// - unit + generated: machines and React views in jsdom, fakes injected with machine.provide;
// - server: real HTTP against createApp() on a fresh PGlite per file, and again on PostgreSQL when
//   TEST_DATABASE_URL is set (CI sets it);
// - e2e: real Chromium against the one-process stack (npm start's), only when Chromium is installed.
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/generated/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
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
          env: { TEST_DB: 'pglite' },
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
                env: { TEST_DB: 'postgres' },
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
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
