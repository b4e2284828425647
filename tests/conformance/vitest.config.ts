// vitest for the conformance suite: forks, two workers (2 cores), one module graph per fork (the apps load once),
// long timeouts for subprocess servers.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Safe to share: in-process servers put back their mock switches and env when they close (test-kit).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 900_000,
  },
});
