// ads-mcp sp/sb/sd_campaigns_budget_usage: how much of each campaign's budget is spent, failures listed.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { CallInput, Row, ViewModel } from '../shared/view-model.js';
import { adsProfileExtras } from './ads-profile.js';
import type { ViewProgram } from '../shared/run-view.js';

export function buildBudgetUsage(data: JsonObject, input?: CallInput): ViewModel {
  const currency = input?.extras?.currency;
  const body = 'body' in data ? obj(data.body) : data;
  const ok: Row[] = arr(body.success)
    .map(obj)
    .map((u) => ({
      campaignId: str(u.campaignId),
      usage: num(u.budgetUsagePercent),
      budget: num(u.budget),
      updated: str(u.usageUpdatedTimestamp),
      error: null,
    }));
  const failed: Row[] = arr(body.error)
    .map(obj)
    .map((e) => ({
      campaignId: str(e.campaignId),
      usage: null,
      budget: null,
      updated: null,
      error: [str(e.code), str(e.details)].filter(Boolean).join(': ') || 'failed',
    }));
  const rows = [...ok, ...failed];
  return {
    title: 'Budget usage',
    facts: [
      ['Campaigns', String(ok.length)],
      ['Over 90 %', String(ok.filter((r) => typeof r.usage === 'number' && r.usage >= 90).length)],
      ['Failed', String(failed.length)],
    ],
    columns: [
      { key: 'campaignId', label: 'Campaign', kind: 'text', priority: 'key' },
      { key: 'usage', label: 'Budget used', kind: 'percent', priority: 'key' },
      {
        key: 'budget',
        label: currency ? `Budget (${currency})` : 'Budget',
        kind: currency ? 'money' : 'number',
        priority: 'key',
        ...(currency ? { currency } : {}),
      },
      { key: 'updated', label: 'Updated', kind: 'date', priority: 'low' },
      { key: 'error', label: 'Error', kind: 'text', priority: 'low' },
    ],
    rows,
    chartRows: ok,
    chart: {
      kind: 'bar',
      title: 'Budget used per campaign',
      x: 'campaignId',
      xTitle: 'Campaign',
      series: [{ key: 'usage', label: 'Budget used', unit: '%' }],
    },
    flag: (row) =>
      row.error !== null
        ? 'bad'
        : typeof row.usage === 'number' && row.usage >= 90
          ? 'bad'
          : typeof row.usage === 'number' && row.usage >= 75
            ? 'warn'
            : undefined,
    emptyText: 'No budget usage returned for these campaigns.',
  };
}

export const budgetProgram: ViewProgram = {
  name: 'budget-usage',
  title: 'Budget usage',
  defaultTool: 'sp_campaigns_budget_usage',
  build: buildBudgetUsage,
  prepare: adsProfileExtras,
};
