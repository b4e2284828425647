// vitest for Stryker on sp-mcp: the unit tests that import their modules from src (the others start the built server), so a mutant runs in milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
