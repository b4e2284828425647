// @obmcp/contract/server: running a server — the contract server factory, stdio/HTTP serving, the bin's CLI, the logger, views.
export { runCli } from '../cli/run-cli.js';
export { capabilityBlock, type ContractServer, createContractServer } from '../server/create-server.js';
export { createLogger } from '../server/logger.js';
export { serve } from '../server/serve.js';
export { defineViews } from '../server/views/define-views.js';
export type { ViewDefinition } from '../server/views/view-types.js';
