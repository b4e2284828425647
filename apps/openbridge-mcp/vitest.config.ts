// vitest for openbridge-mcp: the shared app settings (one module cache per worker, the file boundary), 90 s timeouts.
import { appVitestConfig } from '@obmcp/vitest-config';

export default appVitestConfig({ timeout: 90_000 });
