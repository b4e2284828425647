// ads-mcp run_report / download_report: spend, sales, ACOS and ROAS per campaign; other dates re-run the report.
import { dateRangeControls, dayOf } from '../shared/controls.js';
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { CallInput, Column, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

/** The attributed-sales column a report carries (sales14d, sales7d …, or attributedSales14d), first found. */
function salesKey(keys: readonly string[]): string | undefined {
  return (
    keys.find((k) => /^sales\d+d$/.test(k)) ??
    keys.find((k) => /^attributedSales\d+d$/.test(k)) ??
    keys.find((k) => k === 'sales')
  );
}

export function buildCampaigns(data: JsonObject, input: CallInput): ViewModel {
  const raw = arr(data.rows).map(obj);
  const keys = [...new Set(raw.slice(0, 50).flatMap((r) => Object.keys(r)))];
  const sales = salesKey(keys);
  const spend = keys.includes('cost') ? 'cost' : keys.includes('spend') ? 'spend' : undefined;
  const rows: Row[] = raw.map((r) => {
    const cost = spend ? num(r[spend]) : null;
    const revenue = sales ? num(r[sales]) : null;
    return {
      campaign: str(r.campaignName) ?? str(r.campaignId) ?? str(r.adGroupName) ?? '—',
      campaignId: str(r.campaignId),
      impressions: num(r.impressions),
      clicks: num(r.clicks),
      spend: cost,
      sales: revenue,
      acos: cost !== null && revenue ? (cost / revenue) * 100 : null,
      roas: cost && revenue !== null ? revenue / cost : null,
    };
  });
  const columns: Column[] = [
    { key: 'campaign', label: 'Campaign', kind: 'text' },
    ...(keys.includes('campaignName')
      ? [{ key: 'campaignId', label: 'Campaign id', kind: 'text' } as Column]
      : []),
    { key: 'impressions', label: 'Impressions', kind: 'number' },
    { key: 'clicks', label: 'Clicks', kind: 'number' },
    { key: 'spend', label: 'Spend', kind: 'number' },
    { key: 'sales', label: sales ? `Sales (${sales})` : 'Sales (not in report)', kind: 'number' },
    { key: 'acos', label: 'ACOS', kind: 'percent' },
    { key: 'roas', label: 'ROAS', kind: 'number' },
  ];
  const reportId = str(data.reportId);
  const ready = data.ready !== false;
  const first = raw[0] ?? {};
  const facts: Array<[string, string]> = [
    ['Report', reportId ?? '—'],
    ['Status', str(data.status) ?? '—'],
    [
      'Dates',
      `${str(first.startDate) ?? dayOf(input.arguments.startDate) ?? '—'} → ${str(first.endDate) ?? dayOf(input.arguments.endDate) ?? '—'}`,
    ],
    [
      'Rows',
      `${rows.length}${data.truncated === true ? ` of ${num(data.totalRows) ?? '?'} (truncated)` : ''}`,
    ],
  ];
  if (!sales) facts.push(['Note', 'add a sales column (e.g. sales14d) to the report for ACOS and ROAS']);
  return {
    title: 'Campaign performance',
    facts,
    columns,
    rows,
    chart: {
      kind: 'bar',
      title: 'Spend and sales per campaign',
      x: 'campaign',
      series: [{ key: 'spend', label: 'Spend' }, ...(sales ? [{ key: 'sales', label: 'Sales' }] : [])],
    },
    // Spend without sales: the campaigns an advertiser wants to see first.
    flag: (row) => (typeof row.spend === 'number' && row.spend > 0 && !row.sales ? 'warn' : undefined),
    ...(!ready && reportId
      ? { next: { label: 'Check the report again', tool: 'download_report', arguments: { reportId } } }
      : {}),
    emptyText: ready
      ? 'The report has no rows for these dates.'
      : `Report ${reportId ?? ''} is ${str(data.status) ?? 'not ready'}${str(data.failureReason) ? `: ${str(data.failureReason)}` : ''}.`,
  };
}

export const campaignsProgram: ViewProgram = {
  name: 'campaign-performance',
  defaultTool: 'run_report',
  build: buildCampaigns,
  controls(input, run) {
    const args = input.arguments;
    if (typeof args.reportTypeId !== 'string') return null;
    return dateRangeControls(
      { start: dayOf(args.startDate), end: dayOf(args.endDate), endLabel: 'To' },
      [],
      'Run the report',
      (v) => run({ ...args, startDate: v.start, endDate: v.end }),
    );
  },
};
