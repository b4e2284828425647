// @obmcp/test-kit: one harness for every app — stdio subprocess, mocks preload, envelope assertions.
export * from './paths.js';
export * from './start-server.js';
export * from './call-tool.js';
export * from './start-http.js';
export * from './redis-server.js';
export * from './startup-exit.js';
export * from './run-node.js';
export * from './fault-switch.js';
