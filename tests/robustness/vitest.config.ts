// vitest for the robustness suite: forks, three workers on 2 cores (most files wait on child processes), long
// timeouts for subprocess servers.
import { defineConfig } from 'vitest/config';

/** Files that run the apps in this process (msw in the worker): each keeps a fresh worker of its own. */
const IN_PROCESS = [
  'test/*.in-process.test.ts',
  'test/bench-baselines.test.ts',
  'test/catalog.test.ts',
  'test/limiter-fairness.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The built workspace packages and apps load as Node loads them (as in the spawned servers), not through
    // vite's transform: that transform was most of the suite's import time.
    server: { deps: { external: [/\/(?:packages|apps)\/[^/]+\/dist\//] } },
    projects: [
      { extends: true, test: { name: 'in-process', include: IN_PROCESS } },
      {
        extends: true,
        // Files that only drive child processes share their workers (no module state of theirs outlives a
        // file): a file then costs no fresh worker and no second import of the harness.
        test: { name: 'processes', include: ['test/**/*.test.ts'], exclude: IN_PROCESS, isolate: false },
      },
    ],
  },
});
