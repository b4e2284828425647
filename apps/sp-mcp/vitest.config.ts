// vitest: both cores, and one module cache per worker (isolate: false: the app, contract and mocks load once, not
// per file); test/support/file-boundary.ts gives every file the mocks a new process would find. Generous timeouts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/file-boundary.ts'],
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
