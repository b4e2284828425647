#!/usr/bin/env node
// ads-mcp stdio entry: env → config → createServer → serve; a startup failure is one stderr line and exit 2.
import { createLogger, runServer, serve } from '@obmcp/contract';
import { limiterStoreFromEnv, taskRecordsFromEnv } from '@obmcp/http-kit';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

await runServer('ads-mcp', async (io) => {
  const config = loadConfig(process.env);
  io.warn(config.warnings);
  const logger = createLogger({ name: 'ads-mcp', level: config.logLevel, secrets: config.secrets });
  const limiterStore = limiterStoreFromEnv(process.env, logger);
  const taskRecords = taskRecordsFromEnv(process.env, logger);
  const { newServer } = createServer(config, { logger, env: process.env, limiterStore, taskRecords });
  await serve(newServer, { logger });
});
