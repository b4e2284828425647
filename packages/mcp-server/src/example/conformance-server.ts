// The example server plus the official conformance suite's fixtures (tests/official-conformance runs it).
import { createLogger } from '@obmcp/contract/internal/tool/logger.js';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { createContractServer } from '../server/create-server.js';
import { serve } from '../server/serve.js';
import { taskFixtureTools } from './conformance-fixtures.js';
import { customHeaderTool, inputFixtureTools, missingCapabilityTool } from './conformance-input.js';
import { registerSurfaceFixtures, surfaceFixtureTools } from './conformance-surface.js';

const logger = createLogger({ name: exampleProfile.name });
const tools = [...exampleTools, ...taskFixtureTools];
const { newServer } = createContractServer({
  profile: exampleProfile,
  tools,
  rawTools: [...surfaceFixtureTools, ...inputFixtureTools, missingCapabilityTool, customHeaderTool],
  extend: registerSurfaceFixtures,
  logger,
});
await serve(newServer, { logger });
