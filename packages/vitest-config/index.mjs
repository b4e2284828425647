// The vitest settings the library packages and the apps share; each package's vitest.config.ts passes its specifics.
import { configDefaults, defineConfig } from 'vitest/config';

/** Stryker's runner keeps every file isolated (its per-test coverage is read per file). */
const underStryker = process.env.STRYKER_MUTATOR_WORKER !== undefined;

/**
 * A library package: both cores, one module graph per worker, and the files that need fresh module state isolated.
 * @param {{ ownModules: string[], isolateUnderStryker?: boolean }} options `ownModules`: files that need their own
 *   module instances (vi.mock of a module others load, or module memory the file counts); `isolateUnderStryker`
 *   (default true): the shared files run isolated when Stryker's runner runs them.
 */
export function libraryVitestConfig({ ownModules, isolateUnderStryker = true }) {
  return defineConfig({
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
            exclude: [...configDefaults.exclude, ...ownModules],
            isolate: isolateUnderStryker && underStryker,
          },
        },
        { extends: true, test: { name: 'own-modules', include: ownModules } },
      ],
    },
  });
}

/**
 * An app: both cores, one module cache per worker (isolate: false: the app, contract and mocks load once, not per
 * file); test/support/file-boundary.ts gives every file the mocks a new process would find.
 * @param {{ timeout: number }} options the test and hook timeout (generous: a loaded 2-core machine)
 */
export function appVitestConfig({ timeout }) {
  return defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      setupFiles: ['test/support/file-boundary.ts'],
      isolate: false,
      maxWorkers: 2,
      testTimeout: timeout,
      hookTimeout: timeout,
    },
  });
}
