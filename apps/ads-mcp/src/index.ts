#!/usr/bin/env node
// ads-mcp stdio entry: env → config (one stderr line + exit 2 on a config error) → createServer → serve.
import { createLogger, serve } from '@obmcp/contract';
import { limiterStoreFromEnv } from '@obmcp/http-kit';
import { type AdsConfig, loadConfig } from './config.js';
import { createServer } from './server.js';

function fatal(message: string): never {
  process.stderr.write(`ads-mcp: ${message}. See apps/ads-mcp/README.md for configuration.\n`);
  process.exit(2);
}

let config: AdsConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  fatal(error instanceof Error ? error.message : 'invalid configuration');
}

const logger = createLogger({ name: 'ads-mcp', level: config.logLevel, secrets: config.secrets });
try {
  const limiterStore = limiterStoreFromEnv(process.env, logger);
  const { newServer } = createServer(config, { logger, env: process.env, limiterStore });
  await serve(newServer, { logger });
} catch (error) {
  fatal(error instanceof Error ? error.message : 'startup failed');
}
