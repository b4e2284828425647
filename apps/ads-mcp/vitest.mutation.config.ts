// vitest for Stryker on ads-mcp's error-body parser: the tests that import it from src (the others run dist), so a mutant runs in milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/error-body.test.ts',
      'test/error-body-shapes.test.ts',
      'test/binding.test.ts',
      'test/openbridge-broker.test.ts',
      'test/openbridge-identities.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
