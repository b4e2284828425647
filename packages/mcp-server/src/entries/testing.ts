// @obmcp/mcp-server/testing: helpers only tests use (a tool host without a server, a silent logger, a meta collector, the crash hook, a request's session choices).
export { createToolHost } from '../server/host.js';
export { silentLogger } from '@obmcp/contract/internal/tool/logger.js';
export { createMetaCollector } from '../server/meta-collector.js';
export { TEST_CRASH_TOOL } from '../server/test-hooks.js';
export { runWithSessionChoices, SessionChoices } from '../server/session-choices.js';
