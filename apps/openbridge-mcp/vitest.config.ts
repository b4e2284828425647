// vitest for openbridge-mcp: stdio subprocess tests need generous timeouts on a 2-core machine.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 90_000, fileParallelism: false },
});
