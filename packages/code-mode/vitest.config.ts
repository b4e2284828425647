// vitest for @obmcp/code-mode: both cores, one module graph per worker; sandbox limit tests run real QuickJS work,
// so allow time under load.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'threads',
    maxWorkers: 2,
    // Stryker's runner keeps every file isolated (its per-test coverage is read per file).
    isolate: process.env.STRYKER_MUTATOR_WORKER !== undefined,
  },
});
