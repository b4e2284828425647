// vitest for @obmcp/contract: the shared library settings; files that need fresh module state stay isolated.
import { libraryVitestConfig } from '@obmcp/vitest-config';

export default libraryVitestConfig({ ownModules: ['test/redact-memory-cap.test.ts'] });
