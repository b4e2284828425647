// vitest for Stryker on sp-mcp: the unit tests and the in-process tool tests, all importing src (those that spawn the
// built server, and the slow catalog-drift and generated-tool suites, stay out).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      // What each curated tool sends upstream and answers (issue 44: the tools are mutated).
      'test/tool-requests.test.ts',
      'test/tool-requests-answers.test.ts',
      'test/tool-requests-http.test.ts',
      'test/tool-requests-more.test.ts',
      'test/tool-requests-reports.test.ts',
      'test/tool-snapshots.test.ts',
      'test/workflows.test.ts',
      'test/faults.test.ts',
      'test/happy-path.test.ts',
      'test/input-and-identity.test.ts',
      'test/hosted-session.test.ts',
      'test/restricted-data.test.ts',
      'test/limiter-and-meta.test.ts',
      'test/tasks.test.ts',
      // A cancelled run_report or submit_feed task: the upstream cancel while Amazon allows it.
      'test/task-upstream-cancel.test.ts',
      'test/audit-fixes.test.ts',
      'test/modern-path.test.ts',
      'test/order-rules-users.test.ts',
      'test/unknown-field-passthrough.test.ts',
      'test/lwa-outage.test.ts',
      'test/form-operations.test.ts',
      'test/document-urls.test.ts',
      'test/binding.test.ts',
      'test/operations-coverage.test.ts',
      'test/sandbox.test.ts',
    ],
    setupFiles: ['test/support/file-boundary.ts'],
    // One module graph per run, as the app's own config (a mutant covered by every server-starting test would
    // otherwise import the app once per test file).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
