// vitest for Stryker on the contract: its own unit tests, all in-process and on src (no servers, no CLI), so each mutant runs in milliseconds.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Reads the other workspace packages' sources (outside Stryker's sandbox): no product code of its own to judge.
    exclude: [...configDefaults.exclude, 'test/public-api.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
