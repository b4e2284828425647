// A stdio example server built with the contract wiring (integration tests spawn it).
import { createContractServer } from '../server/create-server.js';
import { createLogger } from '../server/logger.js';
import { serve } from '../server/serve.js';
import { exampleProfile, exampleTools } from './example-tools.js';

const logger = createLogger({ name: exampleProfile.name });
const { server } = createContractServer({ profile: exampleProfile, tools: exampleTools, logger });
await serve(server, { logger });
