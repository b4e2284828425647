// vitest for @obmcp/hosted-auth: both cores; every file builds its own authorization server, so files share nothing.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    include: ['test/**/*.test.ts'],
  },
});
