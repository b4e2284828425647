// vitest for the conformance suite: forks, one module graph per fork (the apps load once), long timeouts for
// subprocess servers. Three workers on 2 cores: much of the suite waits (upstream timeouts, Retry-After, child
// processes), so a third file keeps the cores busy (measured: 36 s with two workers, 29 s with three).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 3,
    // Safe to share: in-process servers put back their mock switches and env when they close (test-kit).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 900_000,
  },
});
