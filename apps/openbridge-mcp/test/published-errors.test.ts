// Errors point into the shape the agent was given: bad inputs generated from every published schema (every tool,
// privileged and query ones included) are answered with details whose paths resolve in the published inputSchema.
import { checkPublishedErrors, type TestServer, startInProcess } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_REFRESH_TOKEN } from './harness.js';
import { app } from '../src/app.js';

describe('openbridge-mcp: validation errors in the published shape', () => {
  let ob: TestServer;
  beforeAll(async () => {
    ob = await startInProcess({
      app,
      env: {
        OPENBRIDGE_REFRESH_TOKEN: CANARY_REFRESH_TOKEN,
        OPENBRIDGE_MAX_RETRIES: '0',
        OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
        OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
        CODE_MODE: 'off',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await ob?.close();
  });

  it('every detail of every generated bad input resolves in the published inputSchema (all tools)', {
    timeout: 240_000,
  }, async () => {
    const report = await checkPublishedErrors(ob.client, { seed: 20261206, sample: 1_000 });
    expect(report.calls).toBeGreaterThan(20);
    expect(report.refused).toBeGreaterThan(report.calls / 2);
    expect(report.failures).toEqual([]);
  });
});
