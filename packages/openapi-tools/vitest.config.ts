// vitest for @obmcp/openapi-tools: the shared library settings; a file that vi.mocks a module others load stays isolated.
import { libraryVitestConfig } from '@obmcp/vitest-config';

export default libraryVitestConfig({ ownModules: ['test/spec-quirks.test.ts'] });
