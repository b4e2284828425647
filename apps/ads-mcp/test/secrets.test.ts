// Canary credentials never reach results, envelopes or stderr of a real process (success and failure paths, debug
// logs): one process whose API fault a switch flips between rounds, the success round first (the token exchange).
import { callTool, createFaultSwitch, type RunningServer } from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess as start, US_PROFILE } from './helpers.js';

const CANARY = {
  ADS_API_CLIENT_SECRET: 'mock-CANARY-client-secret-8c1f',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-CANARY-refresh-3b7d',
};

const CALLS = [
  ['list_profiles', {}],
  ['list_campaigns', {}],
  [
    'create_report',
    {
      startDate: '2026-04-01',
      endDate: '2026-04-02',
      reportTypeId: 'spCampaigns',
      groupBy: ['campaign'],
      columns: ['cost'],
    },
  ],
  ['list_amc_instances', {}],
] as const;

describe('canary secrets', () => {
  const faults = createFaultSwitch('api');
  let s: RunningServer | undefined;
  beforeAll(async () => {
    s = await start({
      ...CANARY,
      OBMCP_LOG_LEVEL: 'debug',
      ADS_API_PROFILE_ID: String(US_PROFILE),
      ...faults.env,
    });
  });
  afterAll(async () => {
    await s?.close();
    faults.dispose();
  });

  it.each<[FaultScenario | 'none', string]>([
    ['none', 'ok'],
    ['http_401', 'ADS_API_HTTP_401'],
    ['http_500', 'ADS_API_HTTP_500'],
    ['http_429', 'RATE_LIMITED'],
  ])('never leak (fault: %s)', async (fault, code) => {
    if (!s) throw new Error('ads-mcp did not start');
    faults.set(fault);
    const texts: string[] = [];
    const first = await callTool(s.client, 'list_campaigns', {});
    // The round met its path (the fault, or a success).
    expect(first.envelope?.error_code ?? 'ok').toBe(code);
    texts.push(first.text);
    for (const [name, args] of CALLS) texts.push((await callTool(s.client, name, args)).text);
    texts.push(s.stderr());
    const all = texts.join('\n');
    for (const secret of Object.values(CANARY)) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/Atza\|/);
    expect(all).not.toMatch(/Bearer\s+\S/);
  });
});
