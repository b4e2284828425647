#!/usr/bin/env node
// sp-mcp stdio entry: env → config → createServer → serve; a startup failure is one stderr line and exit 2.
import { limiterStoreFromEnv, taskRecordsFromEnv } from '@obmcp/http-kit';
import { createLogger, runServer, serve } from '@obmcp/contract';
import { configSecrets, loadConfig } from './config.js';
import { createServer } from './server.js';

await runServer('sp-mcp', async (io) => {
  const config = loadConfig(process.env);
  io.warn(config.warnings);
  const logger = createLogger({ name: 'sp-mcp', level: config.logLevel, secrets: configSecrets(config) });
  const limiterStore = limiterStoreFromEnv(process.env, logger);
  const taskRecords = taskRecordsFromEnv(process.env, logger);
  const { newServer } = createServer(config, { logger, env: process.env, limiterStore, taskRecords });
  await serve(newServer, { logger });
});
