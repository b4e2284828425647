// vitest for @obmcp/openbridge-upstream: unit tests with loopback-free fake fetchers, so files share nothing.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    include: ['test/**/*.test.ts'],
  },
});
