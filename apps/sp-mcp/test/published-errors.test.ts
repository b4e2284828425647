// Errors point into the shape the agent was given: bad inputs generated from every published schema (entries lists all,
// a seeded sample of the rest) are answered with details whose paths resolve in the published inputSchema.
import { callTool, checkPublishedErrors, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpAll } from './support/start-all.js';

describe('sp-mcp: validation errors in the published shape', () => {
  let sp: TestServer;
  beforeAll(async () => {
    sp = await startSpAll();
  }, 60_000);
  afterAll(async () => {
    await sp?.close();
  });

  it('create_report: a malformed reportOptions entry is named at the entry, not "expected object" at reportOptions', async () => {
    const { envelope } = await callTool(sp.client, 'create_report', {
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      marketplaceIds: ['ATVPDKIKX0DER'],
      reportOptions: [
        { key: 'reportPeriod', value: 'DAY' },
        { key: 'asinGranularity', value: 7 },
      ],
    });
    expect(envelope?.error_kind).toBe('mcp_input_validation');
    expect(envelope?.details?.map((d) => [d.path, d.code])).toEqual([
      ['reportOptions/1/value', 'SCHEMA_TYPE_MISMATCH'],
    ]);
    expect(envelope?.details?.[0]).toMatchObject({ expected_type: 'string', received_type: 'integer' });
  });

  it('every detail of every generated bad input resolves in the published inputSchema', {
    timeout: 240_000,
  }, async () => {
    const report = await checkPublishedErrors(sp.client, { seed: 20261206, sample: 60 });
    expect(report.entryTools.length).toBeGreaterThan(5);
    expect(report.refused).toBeGreaterThan(report.calls / 2);
    expect(report.failures).toEqual([]);
  });
});
