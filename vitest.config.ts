import { defineConfig } from 'vitest/config';

/**
 * Projects: pure unit tests; server tests on PGlite, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (the same files); the built server under Node and Bun; browser tests in Chromium; and, only
 * when SCREENSHOTS is set (`npm run screenshots` sets it), the pictures of the screens, which
 * `npm test` does not take.
 *
 * They run in groups, one after another (`sequence.groupOrder`): the unit and server tests two files
 * at a time; then the built server's tests one file at a time, alone on the machine (they start
 * clusters of processes and measure a start's memory); then the browser tests two files at a time
 * (each file has its own server on its own in-memory database and its own Chromium, and spends most
 * of its time waiting on them). Left to itself Vitest runs one file at a time on a 2-core machine.
 */
const postgres = process.env.TEST_DATABASE_URL;
const screenshots = process.env.SCREENSHOTS;
/** Each group's files at a time; every project of a group must say the same. */
const PARALLEL = 2;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], sequence: { groupOrder: 0 }, maxWorkers: PARALLEL } },
      {
        test: {
          name: 'server:pglite',
          sequence: { groupOrder: 0 },
          maxWorkers: PARALLEL,
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
                sequence: { groupOrder: 0 },
                maxWorkers: PARALLEL,
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
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 2 },
          maxWorkers: PARALLEL,
          // A browser on a busy 2-core machine: polls wait patiently rather than flake.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(screenshots
        ? [
            {
              test: {
                name: 'screenshots',
                include: ['tests/screenshots/**/*.test.ts'],
                sequence: { groupOrder: 3 },
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
