// vitest for Stryker on ads-mcp: the tests that import their modules from src (the others run dist), so a mutant runs in milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/error-body.test.ts',
      'test/error-body-shapes.test.ts',
      'test/binding.test.ts',
      'test/openbridge-broker.test.ts',
      'test/openbridge-identities.test.ts',
      'test/amc-account-choice.test.ts',
      'test/sp-list-body.test.ts',
      'test/config.test.ts',
      'test/error-hints.test.ts',
      'test/unit/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
