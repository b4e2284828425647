// vitest for openbridge-mcp: files run in parallel (most tests are in process); generous timeouts for a loaded 2-core host.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 90_000 },
});
