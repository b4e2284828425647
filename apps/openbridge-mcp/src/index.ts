#!/usr/bin/env node
// openbridge-mcp stdio entry: env-only config; a bad or missing config is one stderr line and exit 2.
import { createLogger, serve } from '@obmcp/contract';
import { limiterStoreFromEnv } from '@obmcp/http-kit';
import { ConfigError, type Config, loadConfig } from './config.js';
import { profile } from './profile.js';
import { createServer } from './server.js';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`openbridge-mcp: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

const logger = createLogger({ name: profile.name, level: config.logLevel, secrets: [config.refreshToken] });
const limiterStore = limiterStoreFromEnv(process.env, logger);
const { newServer } = createServer(config, { logger, limiterStore });
await serve(newServer, { logger });
