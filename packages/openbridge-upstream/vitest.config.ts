// vitest for @obmcp/openbridge-upstream: both cores, one module graph per worker (isolated files under Stryker).
import { configDefaults, defineConfig } from 'vitest/config';

/** Stryker's runner keeps every file isolated (its per-test coverage is read per file). */
const shared = process.env.STRYKER_MUTATOR_WORKER === undefined;

export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    // Generous for a loaded 2-core machine, and a bound that turns a test a mutant makes hang into a failure.
    testTimeout: 30_000,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    isolate: !shared,
  },
});
