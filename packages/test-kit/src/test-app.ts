// TestApp: the part of an app object (`app` of @obmcp/<app>, an ObmcpApp of @obmcp/http-kit) the harness calls.
import type { Logger } from '@obmcp/contract';
import type { ContractServer } from '@obmcp/mcp-server/server';

/** What the harness reads from any app's config. */
export interface TestAppConfig {
  warnings: readonly string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

/**
 * An app as its package exports it: an app's own tests pass `app` from `../src/app.js`, other packages
 * `import { app } from '@obmcp/<app>'`. Declared here, not imported, because http-kit's tests use this
 * package (test-kit depends on no app and on no package above mcp-server). Methods, so any app's config fits.
 */
export interface TestApp {
  /** The bin's name, also its logger's name. */
  name: string;
  loadConfig(env: Record<string, string | undefined>): TestAppConfig;
  /** The values its logger redacts. */
  secrets(config: TestAppConfig): readonly string[];
  createServer(
    config: TestAppConfig,
    options: { logger: Logger; env: Record<string, string> },
  ): ContractServer;
}
