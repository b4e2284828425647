// vitest for Stryker on ads-mcp: the tests that import their modules from src (unit, wire and in-process tool tests;
// the others run dist), so a mutant runs in seconds.
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Every test builds the tools, so a mutant in a tool's name, title or description is covered by all of them; the
 * in-process listing test that compares each curated tool with generated/tools/all/curated.json runs first, so
 * Stryker's bail ends such a run after one test instead of after the whole wire suite.
 */
class PublishedToolsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (f.moduleId.endsWith('/ads-published-tools.test.ts') ? 0 : 1);
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: [
      'test/error-body.test.ts',
      'test/error-body-shapes.test.ts',
      'test/binding.test.ts',
      'test/openbridge-broker.test.ts',
      'test/openbridge-identities.test.ts',
      'test/amc-account-choice.test.ts',
      'test/sp-list-body.test.ts',
      'test/config.test.ts',
      'test/error-hints.test.ts',
      'test/unit/**/*.test.ts',
      // The curated tools on the wire (src server, msw upstream, each request recorded).
      'test/tool-requests*.test.ts',
      // Tasks cancelled upstream (run_report's deleteAsyncReport, run_amc_query's UpdateWorkflowExecution).
      'test/task-upstream-cancel.test.ts',
      // The region tools' hosts (endpoint overrides, Openbridge's token host); --hosted users' own profiles.
      'test/regions.test.ts',
      'test/hosted-session.test.ts',
    ],
    // One module graph per worker, as the app's own suite runs (test/support/file-boundary.ts resets the mocks
    // between files): a mutant's run does not reload the server, its catalogs and the mocks for each test file.
    isolate: false,
    setupFiles: ['test/support/file-boundary.ts'],
    sequence: { sequencer: PublishedToolsFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
