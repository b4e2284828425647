// vitest for @obmcp/http-kit: both cores, one module graph per worker; files that need fresh module state stay isolated.
import { configDefaults, defineConfig } from 'vitest/config';

/** Files that need their own module instances (vi.mock of a module other files load). */
const OWN_MODULES = ['test/gzip.test.ts', 'test/lazy-agent.test.ts'];
/** Stryker's runner keeps every file isolated (its per-test coverage is read per file). */
const shared = process.env.STRYKER_MUTATOR_WORKER === undefined;

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
          isolate: !shared,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
