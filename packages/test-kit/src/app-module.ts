// An app's library surface as built (dist/config.js loadConfig, dist/server.js createServer), loaded by path.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContractServer } from '@obmcp/mcp-server/server';
import type { Logger } from '@obmcp/contract';
import { type AppName, REPO_ROOT } from './paths.js';

/** What the harness reads from any app's config. */
export interface AppConfig {
  warnings: string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

export interface AppModule {
  loadConfig(env: Record<string, string | undefined>): AppConfig;
  createServer(config: AppConfig, options: { logger: Logger; env: Record<string, string> }): ContractServer;
  /** The values the app's own entry hands its logger to redact. */
  secretsOf(config: AppConfig): string[];
}

const cache = new Map<AppName, Promise<AppModule>>();

export function loadApp(app: AppName): Promise<AppModule> {
  let pending = cache.get(app);
  if (pending === undefined) {
    pending = importApp(app);
    cache.set(app, pending);
  }
  return pending;
}

type Loose = Record<string, unknown>;

async function importApp(app: AppName): Promise<AppModule> {
  const dist = join(REPO_ROOT, 'apps', app, 'dist');
  const config = (await import(pathToFileURL(join(dist, 'config.js')).href)) as Loose;
  const server = (await import(pathToFileURL(join(dist, 'server.js')).href)) as Loose;
  const { loadConfig } = config;
  const { createServer } = server;
  if (typeof loadConfig !== 'function' || typeof createServer !== 'function')
    throw new Error(
      `${app}: dist/config.js must export loadConfig and dist/server.js createServer (build it)`,
    );
  return {
    loadConfig: loadConfig as AppModule['loadConfig'],
    createServer: createServer as AppModule['createServer'],
    secretsOf: (cfg) => secretsOf(app, config, cfg as unknown as Loose),
  };
}

/** The same secrets each app's src/index.ts passes to createLogger. */
function secretsOf(app: AppName, configModule: Loose, config: Loose): string[] {
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  switch (app) {
    case 'sp-mcp': {
      const fn = configModule.configSecrets;
      return typeof fn === 'function' ? strings((fn as (c: Loose) => unknown)(config)) : [];
    }
    case 'ads-mcp':
      return strings(config.secrets);
    case 'openbridge-mcp':
      return strings([config.refreshToken]);
  }
}
