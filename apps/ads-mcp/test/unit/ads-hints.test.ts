// Unit (src): the Ads hint tables as an agent meets them: a region written as a country, continent or alias gets
// "Did you mean region='<code>'", and a snake_case (or ProfileId) key gets the camelCase key the tool takes.
import type { Envelope } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { json, toolRig } from './ads-rig.js';

const r = toolRig([]);

async function envelope(name: string, args: Record<string, unknown>): Promise<Envelope> {
  const outcome = await r.call(name, args);
  if (outcome.ok) throw new Error(`${name} should fail`);
  return outcome.envelope;
}

describe('region aliases', () => {
  const ALIASES: Array<[string, string]> = [
    ['usa', 'na'],
    ['us', 'na'],
    ['america', 'na'],
    ['northamerica', 'na'],
    ['unitedstates', 'na'],
    ['europe', 'eu'],
    ['uk', 'eu'],
    ['de', 'eu'],
    ['europeanunion', 'eu'],
    ['euro', 'eu'],
    ['asia', 'fe'],
    ['apac', 'fe'],
    ['fareast', 'fe'],
    ['asiapacific', 'fe'],
    ['japan', 'fe'],
    ['jp', 'fe'],
  ];

  it('each alias suggests its region', async () => {
    for (const [alias, region] of ALIASES) {
      const e = await envelope('set_region', { region: alias });
      expect(e.error_code, alias).toBe('SCHEMA_ENUM_MISMATCH');
      expect(e.hints[0], alias).toBe(`Did you mean region='${region}'? Got '${alias}'.`);
    }
  });

  it('an unknown region suggests none', async () => {
    const e = await envelope('set_region', { region: 'mars' });
    expect(e.hints.some((h) => h.startsWith('Did you mean'))).toBe(false);
  });
});

describe('key renames: a snake_case (or ProfileId) key is read as the key the tool takes', () => {
  const ENTITY = { advertiserId: 'amcacc1', marketplaceId: 'ATVPDKIKX0DER' };

  async function sent(tool: string, args: Record<string, unknown>) {
    const t = toolRig(() => json({ campaigns: [], workflowExecution: {} }), { ADS_API_PROFILE_ID: '777' });
    const outcome = await t.call(tool, args);
    if (!outcome.ok) throw new Error(`${tool}: ${JSON.stringify(outcome.envelope)}`);
    return { value: outcome.value as Record<string, unknown>, sent: t.sent };
  }

  it('list_campaigns: max_results, next_token, state_filter, campaign_id_filter', async () => {
    const { sent: requests } = await sent('list_campaigns', {
      max_results: 5,
      next_token: 't2',
      state_filter: ['ENABLED'],
      campaign_id_filter: ['12'],
    });
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      maxResults: 5,
      nextToken: 't2',
      stateFilter: { include: ['ENABLED'] },
      campaignIdFilter: { include: ['12'] },
    });
  });

  it('set_active_profile: profile_id and ProfileId', async () => {
    for (const key of ['profile_id', 'ProfileId']) {
      const { value } = await sent('set_active_profile', { [key]: 888 });
      expect(value.activeProfileId, key).toBe(888);
    }
  });

  it('get_report: report_id', async () => {
    const { sent: requests } = await sent('get_report', { report_id: 'abcdefgh-1' });
    expect(requests[0]?.url).toBe('https://advertising-api.amazon.com/reporting/reports/abcdefgh-1');
  });

  it('AMC: instance_id, sql_query, workflow_id, workflow_execution_id', async () => {
    const run = await sent('create_amc_workflow_execution', {
      instance_id: 'amcinst1',
      sql_query: 'SELECT 1',
      timeWindowType: 'MOST_RECENT_WEEK',
      ...ENTITY,
    });
    expect(run.sent[0]?.url).toBe(
      'https://advertising-api.amazon.com/amc/reporting/amcinst1/workflowExecutions',
    );
    expect(JSON.parse(run.sent[0]?.body ?? '').workflow).toEqual({ sqlQuery: 'SELECT 1' });
    const saved = await sent('create_amc_workflow_execution', {
      instanceId: 'amcinst1',
      workflow_id: 'weekly',
      timeWindowType: 'MOST_RECENT_WEEK',
      ...ENTITY,
    });
    expect(JSON.parse(saved.sent[0]?.body ?? '').workflowId).toBe('weekly');
    const status = await sent('get_amc_workflow_execution', {
      instanceId: 'amcinst1',
      workflow_execution_id: 'exec-1234567',
      ...ENTITY,
    });
    expect(status.sent[0]?.url).toBe(
      'https://advertising-api.amazon.com/amc/reporting/amcinst1/workflowExecutions/exec-1234567',
    );
  });
});
