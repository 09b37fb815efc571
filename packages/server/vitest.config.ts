import { defineConfig } from 'vitest/config';

/** The same test files run once per database (docs/storage.md, "Tests"). */
const include = ['test/**/*.test.ts', 'src/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two cores: two test files at a time (with PostgreSQL itself sharing the cores).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include, env: { PARLEY_TEST_DB: 'sqlite' } },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include,
          env: { PARLEY_TEST_DB: 'postgres' },
          globalSetup: ['./test/support/global-setup.ts'],
        },
      },
    ],
  },
});
