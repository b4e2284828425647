// vitest for the real-client tests: forks, two workers, generous upper bounds (servers and clients spawn on a busy host).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // mcp-use sends anonymous telemetry (PostHog) unless this is set; tests make no network calls.
    env: { MCP_USE_ANONYMIZED_TELEMETRY: 'false' },
  },
});
