// vitest for the mocks: both cores, one module cache per worker (isolate: false: specs, compiled validators and
// samples load once, not per file); test/support/file-boundary.ts gives every file the mocks a new process would
// find. faults.test.ts mocks msw's delay (vi.mock), which needs modules of its own: it runs isolated (and needs
// no boundary).
import { defineConfig } from 'vitest/config';

const ISOLATED = ['test/faults.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Generous for a loaded 2-core machine (specs load and compile in seconds there).
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
          setupFiles: ['test/support/file-boundary.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
