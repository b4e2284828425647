// Unit (src): what tools/list shows per ADS_API_TOOLSETS: the curated default (its big or rare tools listed only
// with their own toolset, budget usage listed with it), a toolset's generated tools, the writes switch, and the
// startup error that names an unknown toolset.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOLSETS, INSIDE_DEFAULT, OUTSIDE_DEFAULT } from '../../src/operations/listing.js';
import { toolRig } from './ads-rig.js';

const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);

describe('tools/list per ADS_API_TOOLSETS', () => {
  it('the default is the curated tools: the everyday ones listed, the rarer ones reachable through Code Mode only', () => {
    expect(DEFAULT_TOOLSETS).toBe('curated');
    const r = toolRig([], { ADS_API_TOOLSETS: '' });
    const listed = names(r.host.listed());
    const all = names(r.host.tools());
    for (const name of ['list_profiles', 'set_active_profile', 'list_campaigns', 'run_report', 'get_report'])
      expect(listed, name).toContain(name);
    for (const name of OUTSIDE_DEFAULT) {
      expect(listed, name).not.toContain(name);
      expect(all, name).toContain(name);
    }
    expect(listed).toContain('sp_campaigns_budget_usage');
    expect([...INSIDE_DEFAULT]).toEqual(['sp_campaigns_budget_usage']);
    expect(listed).not.toContain('sb_campaigns_budget_usage');
    expect(listed).not.toContain('create_negative_keywords');
  });

  it('a toolset lists its curated tools that stay out of the default, and its generated tools', () => {
    const amc = names(toolRig([], { ADS_API_TOOLSETS: 'amc' }).host.listed());
    for (const name of ['list_amc_accounts', 'run_amc_query', 'list_amc_workflows', 'create_schedule'])
      expect(amc, name).toContain(name);
    expect(amc).not.toContain('list_campaigns');
    const sp = names(toolRig([], { ADS_API_TOOLSETS: 'sp' }).host.listed());
    expect(sp).toContain('list_negative_keywords');
    expect(sp).toContain('create_sponsored_products_keywords');
    expect(sp).not.toContain('list_amc_accounts');
  });

  it('without ADS_API_ENABLE_WRITES the write tools are neither listed nor callable', () => {
    const r = toolRig([], { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'false' });
    const all = names(r.host.tools());
    expect(all).not.toContain('create_negative_keywords');
    expect(all).not.toContain('create_sponsored_products_campaigns');
    expect(all).toContain('list_campaigns');
  });

  it('an unknown toolset stops the start, naming the variable', () => {
    expect(() => toolRig([], { ADS_API_TOOLSETS: 'sp,nonsense' })).toThrow(/^ADS_API_TOOLSETS: .*nonsense/);
  });
});
