// An example server built with the contract wiring (integration tests spawn it; stdio, or HTTP with --http).
import { createContractServer } from '../server/create-server.js';
import { createLogger } from '@obmcp/contract/internal/tool/logger.js';
import { serve } from '../server/serve.js';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { slowTool } from '@obmcp/contract/internal/example/slow-tool.js';

const logger = createLogger({ name: exampleProfile.name });
const tools = process.env.OBMCP_EXAMPLE_SLOW_TOOL === '1' ? [...exampleTools, slowTool] : exampleTools;
// newServer: one SDK Server per HTTP request on a host compiled once (not a new host per request).
const { newServer } = createContractServer({ profile: exampleProfile, tools, logger });
await serve(newServer, { logger });
