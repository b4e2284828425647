// vitest for sp-mcp: the shared app settings (one module cache per worker, the file boundary), 30 s timeouts.
import { appVitestConfig } from '@obmcp/vitest-config';

export default appVitestConfig({ timeout: 30_000 });
