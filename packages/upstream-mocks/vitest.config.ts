// vitest for the mocks: both cores, one module cache per worker (isolate: false: specs, compiled validators and
// samples load once, not per file); test/support/file-boundary.ts gives every file the mocks a new process would find.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/file-boundary.ts'],
    isolate: false,
    maxWorkers: 2,
  },
});
