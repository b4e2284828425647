// vitest for @obmcp/openapi-tools: the shared library settings; a file that vi.mocks a module others load stays isolated.
import { libraryVitestConfig } from '../../scripts/vitest/package-configs.mjs';

export default libraryVitestConfig({ ownModules: ['test/spec-quirks.test.ts'] });
