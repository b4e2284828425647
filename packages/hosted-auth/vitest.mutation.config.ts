// vitest for Stryker on the hosted connector's guards: every in-process test (no Chromium, no redis-server, no type build).
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      // Chromium through a real login, and two replicas on a spawned redis-server: seconds a run; the same rules
      // are pinned in process by the files kept here.
      'test/browser-login.test.ts',
      'test/redis-replicas.test.ts',
      // The public API's declaration files, not behaviour.
      'test/public-api.test.ts',
    ],
    // A mutant that makes a test wait forever fails it instead.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
