#!/usr/bin/env node
// sp-mcp stdio entry: env → config (exit 2 on a fatal config error) → createServer → serve.
import { limiterStoreFromEnv } from '@obmcp/http-kit';
import { createLogger, serve } from '@obmcp/contract';
import { parseCodeMode } from '@obmcp/code-mode';
import { ConfigError, configSecrets, loadConfig, type SpConfig } from './config.js';
import { createServer } from './server.js';

function fatal(message: string): never {
  process.stderr.write(`sp-mcp: ${message}. See apps/sp-mcp/README.md for configuration.\n`);
  process.exit(2);
}

let config: SpConfig;
try {
  config = loadConfig(process.env);
  parseCodeMode(config.codeMode);
} catch (error) {
  fatal(error instanceof ConfigError || error instanceof Error ? error.message : 'invalid configuration');
}

const logger = createLogger({ name: 'sp-mcp', level: config.logLevel, secrets: configSecrets(config) });
try {
  const limiterStore = limiterStoreFromEnv(process.env, logger);
  const { newServer } = createServer(config, { logger, env: process.env, limiterStore });
  await serve(newServer, { logger });
} catch (error) {
  // Identity-file errors and similar startup failures: the message never contains secrets.
  fatal(error instanceof Error ? error.message : 'startup failed');
}
