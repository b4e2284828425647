// Vitest settings for ads-mcp: stdio subprocess tests need generous timeouts on 2 cores.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000, fileParallelism: false },
});
