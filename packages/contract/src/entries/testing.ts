// @obmcp/contract/testing: helpers only tests use (a tool host without a server, the crash hook, an envelope-aware client call).
export { callWithEnvelope } from '../client/call-with-envelope.js';
export { createToolHost } from '../server/host.js';
export { silentLogger } from '../server/logger.js';
export { createMetaCollector } from '../server/meta-collector.js';
export { TEST_CRASH_TOOL } from '../server/test-hooks.js';
