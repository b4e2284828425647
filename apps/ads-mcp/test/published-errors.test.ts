// Errors point into the shape the agent was given: bad inputs generated from every published schema (entries lists all,
// a seeded sample of the rest) are answered with details whose paths resolve in the published inputSchema.
import { callTool, checkPublishedErrors, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './helpers.js';

describe('ads-mcp: validation errors in the published shape', () => {
  let ads: TestServer;
  beforeAll(async () => {
    ads = await start({
      ADS_API_TOOLSETS: 'all',
      ADS_API_ENABLE_WRITES: 'true',
      ADS_API_PROFILE_ID: '1111111111',
    });
  }, 60_000);
  afterAll(async () => {
    await ads?.close();
  });

  it('create_amc_workflow_execution: a malformed parameterValues entry is named at the entry', async () => {
    const { envelope } = await callTool(ads.client, 'create_amc_workflow_execution', {
      instanceId: 'amchashaudit01',
      workflowId: 'wf-1',
      parameterValues: [{ key: 'start', value: '2026-01-01' }, { key: 'end' }],
    });
    expect(envelope?.error_kind).toBe('mcp_input_validation');
    expect(envelope?.details?.map((d) => d.path)).toContain('parameterValues/1/value');
    for (const d of envelope?.details ?? []) expect(d.path).not.toBe('parameterValues');
  });

  it('every detail of every generated bad input resolves in the published inputSchema', {
    timeout: 240_000,
  }, async () => {
    const report = await checkPublishedErrors(ads.client, { seed: 20261206, sample: 60 });
    expect(report.entryTools.length).toBeGreaterThan(5);
    expect(report.refused).toBeGreaterThan(report.calls / 2);
    expect(report.failures).toEqual([]);
  });
});
