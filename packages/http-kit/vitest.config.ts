// vitest for @obmcp/http-kit: the shared library settings; files that vi.mock a module others load stay isolated.
import { libraryVitestConfig } from '../../scripts/vitest/package-configs.mjs';

export default libraryVitestConfig({ ownModules: ['test/gzip.test.ts', 'test/lazy-agent.test.ts'] });
