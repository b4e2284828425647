// @obmcp/mcp-server/server: running a server — the contract server factory, stdio/HTTP serving, the logger, views.
export { capabilityBlock, type ContractServer, createContractServer } from '../server/create-server.js';
export { createLogger } from '@obmcp/contract/internal/tool/logger.js';
export { serve } from '../server/serve.js';
export { defineViews } from '../views/define-views.js';
export type { ViewDefinition } from '../views/view-types.js';
