import { defineConfig } from 'vitest/config';

/**
 * Projects: pure unit tests; server tests on PGlite, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (the same files); the built server under Node and Bun; browser tests in Chromium; and, only
 * when SCREENSHOTS is set (`npm run screenshots` sets it), the pictures of the screens, which
 * `npm test` does not take.
 */
const postgres = process.env.TEST_DATABASE_URL;
const screenshots = process.env.SCREENSHOTS;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'server:pglite',
          include: ['tests/server/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          // Sockets, timers and NOTIFY on a busy 2-core machine: polls wait patiently rather than flake.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: ['tests/server/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                // Sockets, timers and NOTIFY on a busy 2-core machine: polls wait patiently rather than flake.
                expect: { poll: { timeout: 10_000 } },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'runtime',
          include: ['tests/runtime/**/*.test.ts'],
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // A browser on a busy 2-core machine: polls wait patiently rather than flake.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      ...(screenshots
        ? [
            {
              test: {
                name: 'screenshots',
                include: ['tests/screenshots/**/*.test.ts'],
                expect: { poll: { timeout: 10_000 } },
                testTimeout: 120_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
