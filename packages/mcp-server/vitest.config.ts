// vitest for @obmcp/mcp-server: both cores, one module graph per worker; files that need fresh module state stay isolated.
import { configDefaults, defineConfig } from 'vitest/config';

/** Files that need their own module instances: vi.mock of a module others load, or module memory the file counts. */
const OWN_MODULES = ['test/first-call-compile.test.ts'];

export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    // Generous for a loaded 2-core machine (an entry point's module graph can take seconds to load), and a bound
    // that turns a test a mutant makes hang into a failure.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
