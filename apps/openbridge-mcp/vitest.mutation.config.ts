// vitest for Stryker on openbridge-mcp: the guards' own tests and the unit tests that import src, so each mutant runs in milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/sql-check.test.ts',
      'test/sql-check-report.test.ts',
      'test/sql-check-edges.test.ts',
      'test/lexical-statements.test.ts',
      'test/read-only-ast.test.ts',
      'test/dialect-lexer.test.ts',
      'test/benign-forms.test.ts',
      'test/sql-functions.test.ts',
      'test/paging.test.ts',
      'test/paging-bound.test.ts',
      'test/query-outcome.test.ts',
      'test/auth.test.ts',
      'test/unit/**/*.test.ts',
      // The tools (issue 44): the in-process server against the msw mocks, asserting the request sent upstream and
      // the answer or envelope the agent sees; the committed tool snapshots pin titles, descriptions and schemas.
      'test/tool-requests.in-process.test.ts',
      'test/query-outcome.in-process.test.ts',
      'test/audit-2026-12-05b.test.ts',
      'test/audit-2026-12-06-edges.test.ts',
      'test/healthcheck-page.test.ts',
      'test/tool-snapshots.test.ts',
      'test/tool-answers.in-process.test.ts',
      // What createServer wires under each call (JWT, retries, the envelope of a failure, the budget, the log).
      'test/server-wiring.in-process.test.ts',
    ],
    // One module graph per worker, as in a plain run (the app, contract and mocks load once, not per test file: a
    // mutant of a tool reruns in-process servers in seconds, not minutes); each file starts on fresh mocks.
    isolate: false,
    setupFiles: ['test/support/file-boundary.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
