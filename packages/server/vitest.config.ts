import { defineConfig } from 'vitest/config';

/**
 * The same test files run once per database (docs/storage.md, "Tests"), and the API and stream
 * suites once more through three scaled-mode nodes behind nginx (docs/deploy.md), together with
 * the failover tests that only make sense there.
 */
const include = ['test/**/*.test.ts', 'src/**/*.test.ts'];
const clusterOnly = 'test/cluster/**';
/** `npm run test:faults` only: crashes, full disks and the long fuzz run take minutes. */
const faultsOnly = 'test/faults/**';

export default defineConfig({
  test: {
    // Two cores: two test files at a time (with PostgreSQL itself sharing the cores).
    maxWorkers: 2,
    // A worker runs its files one after another in one process, so the server's dependencies
    // (Fastify, Kysely, pg, ioredis, TypeBox…) are imported once per worker rather than once per
    // file: that import was over half of each project's time. Files share no state through it:
    // each builds its own servers and stores, and what is process-wide (the metrics of
    // `src/metrics/process.ts`) is asserted as "at least", as it already was with several servers in one file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include,
          exclude: [clusterOnly, faultsOnly],
          env: { PARLEY_TEST_DB: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include,
          exclude: [clusterOnly, faultsOnly],
          env: { PARLEY_TEST_DB: 'postgres' },
          globalSetup: ['./test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          // Three workers on the two cores: with two, the machine was idle a quarter of the
          // run while workers waited on PostgreSQL, nginx, Redis, the failover tests' node
          // processes and the tests' own timers (docs/testing.md, "Three workers for `cluster`").
          maxWorkers: 3,
          // A project with a worker count of its own runs as a group of its own when several are
          // asked for at once (`npm run test:faults`, or every project): after the others.
          sequence: { groupOrder: 1 },
          include: ['test/**/*.test.ts'],
          // Store conformance, process durability, blob adapters, the balancer's own checks,
          // upgrades and the validation of single requests (bad input, fuzzing, content types,
          // the route table) already run above and do not change with the number of nodes;
          // nor do the files that start no deployment at all (the event checker, the outbound
          // fetch guard, the SFU client, static assets).
          exclude: [
            'test/durability.test.ts',
            'test/blobs-s3.test.ts',
            'test/infra.test.ts',
            'test/upgrade*.test.ts',
            'test/bad-input.test.ts',
            'test/fuzz.test.ts',
            'test/deep-json.test.ts',
            'test/out-of-range.test.ts',
            'test/content-types.test.ts',
            'test/openapi-routes.test.ts',
            'test/route-table.test.ts',
            'test/event-check.test.ts',
            'test/safe-fetch.test.ts',
            'test/sfu.test.ts',
            'test/static-assets.test.ts',
            faultsOnly,
          ],
          env: { PARLEY_TEST_DB: 'cluster' },
          globalSetup: ['./test/support/cluster-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts', 'test/fuzz.test.ts'],
          env: { PARLEY_TEST_DB: 'sqlite', FUZZ_RUNS: process.env.FUZZ_RUNS ?? '5000', FUZZ_RANDOM: '1' },
        },
      },
    ],
  },
});
