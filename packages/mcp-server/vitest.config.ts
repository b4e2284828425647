// vitest for @obmcp/mcp-server: the shared library settings, files sharing modules under Stryker too; a file that
// counts first-call compiles stays isolated.
import { libraryVitestConfig } from '@obmcp/vitest-config';

export default libraryVitestConfig({
  ownModules: ['test/first-call-compile.test.ts'],
  isolateUnderStryker: false,
});
