// vitest for @obmcp/hosted-auth: both cores; every file builds its own authorization server, so files share nothing.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    // Generous for a loaded 2-core machine, as in the other library packages: the public-API test loads the whole
    // package and its dependencies' types, the redis tests start redis-server; a hung test still fails.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    include: ['test/**/*.test.ts'],
  },
});
