// vitest: stdio subprocess tests need generous timeouts; files run in parallel across 2 cores.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
