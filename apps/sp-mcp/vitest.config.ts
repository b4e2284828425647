// vitest for sp-mcp: the shared app settings (one module cache per worker, the file boundary), 30 s timeouts.
import { appVitestConfig } from '../../scripts/vitest/package-configs.mjs';

export default appVitestConfig({ timeout: 30_000 });
