// vitest for Stryker on openbridge-mcp: the guards' own tests and the unit tests that import src, so each mutant runs in milliseconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/sql-check.test.ts',
      'test/sql-check-report.test.ts',
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
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
