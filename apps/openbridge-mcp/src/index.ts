#!/usr/bin/env node
// openbridge-mcp stdio entry: env → config → createServer → serve; a startup failure is one stderr line and exit 2.
import { createLogger, runServer, serve } from '@obmcp/contract';
import { limiterStoreFromEnv, taskRecordsFromEnv } from '@obmcp/http-kit';
import { loadConfig } from './config.js';
import { profile } from './profile.js';
import { createServer } from './server.js';

await runServer(profile.name, async (io) => {
  const config = loadConfig(process.env);
  io.warn(config.warnings);
  const logger = createLogger({ name: profile.name, level: config.logLevel, secrets: [config.refreshToken] });
  const limiterStore = limiterStoreFromEnv(process.env, logger);
  const taskRecords = taskRecordsFromEnv(process.env, logger);
  const { newServer } = createServer(config, { logger, limiterStore, taskRecords });
  await serve(newServer, { logger });
});
