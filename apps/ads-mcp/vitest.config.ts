// Vitest settings for ads-mcp: files run in parallel (most tests are in process); generous timeouts for a loaded 2-core host.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
