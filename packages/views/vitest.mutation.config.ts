// vitest for Stryker on the views' src: the unit tests that import it (the DOM ones in happy-dom, see README); not the built files' budget.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], exclude: ['test/budget.test.ts'], testTimeout: 30_000 },
});
