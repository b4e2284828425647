// @obmcp/test-kit: one harness for every app — stdio subprocess or in process, mocks preload, envelope assertions.
export * from './paths.js';
export type { TestApp, TestAppConfig } from './test-app.js';
export * from './start-server.js';
export * from './start-in-process.js';
export * from './start-http-in-process.js';
export * from './direct-fetch.js';
export * from './connect-modern.js';
export * from './call-tool.js';
export * from './start-http.js';
export * from './redis-server.js';
export * from './startup-exit.js';
export * from './run-node.js';
export * from './fault-switch.js';
export * from './node-binaries.js';
export * from './published-inputs.js';
export * from './published-errors-check.js';
export * from './haproxy.js';
export * from './chromium.js';
