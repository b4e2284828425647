// vitest settings for @obmcp/code-mode: sandbox limit tests run real QuickJS work, so allow time under load.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'threads',
    maxWorkers: 2,
    isolate: process.env.STRYKER_MUTATOR_WORKER !== undefined,
  },
});
