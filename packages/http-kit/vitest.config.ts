// vitest for @obmcp/http-kit: the shared library settings; files that vi.mock a module others load stay isolated.
import { libraryVitestConfig } from '@obmcp/vitest-config';

export default libraryVitestConfig({
  ownModules: ['test/gzip.test.ts', 'test/lazy-agent.test.ts', 'test/server-cli.test.ts'],
});
