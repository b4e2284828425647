// @obmcp/test-kit/suites: test bodies several packages share (they import vitest, so they stay off the main entry).
export * from './app-identity.js';
