// ads-mcp run_report / download_report: spend, sales and the advertiser's ratios per campaign, in the profile's
// currency, with totals (blended ACOS/ROAS, CTR, CPC, CVR); other dates re-run the report; a campaign opens its ad groups.
import { dateRangeControls, dayOf } from '../shared/controls.js';
import { formatMoney, formatNumber, formatPercent, formatRatio } from '../shared/format.js';
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { CallInput, Column, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';
import { adsProfileExtras } from './ads-profile.js';

/** The attributed-sales column a report carries (sales14d, sales7d …, or attributedSales14d), first found. */
function salesKey(keys: readonly string[]): string | undefined {
  return (
    keys.find((k) => /^sales\d+d$/.test(k)) ??
    keys.find((k) => /^attributedSales\d+d$/.test(k)) ??
    keys.find((k) => k === 'sales')
  );
}

/** The attributed-orders column (purchases14d, attributedConversions14d …) for the conversion rate. */
function purchasesKey(keys: readonly string[]): string | undefined {
  return (
    keys.find((k) => /^purchases\d+d$/.test(k)) ?? keys.find((k) => /^attributedConversions\d+d$/.test(k))
  );
}

const ratio = (a: number | null, b: number | null, scale = 1) => (a !== null && b ? (a / b) * scale : null);

/** The derived metrics of a row or of the totals: ACOS, ROAS, CTR, CPC, CVR. */
function derived(r: {
  impressions: number | null;
  clicks: number | null;
  spend: number | null;
  sales: number | null;
  orders: number | null;
}) {
  return {
    acos: ratio(r.spend, r.sales, 100),
    roas: ratio(r.sales, r.spend),
    ctr: ratio(r.clicks, r.impressions, 100),
    cpc: ratio(r.spend, r.clicks),
    cvr: ratio(r.orders, r.clicks, 100),
  };
}

const sum = (rows: readonly Row[], key: string): number | null => {
  const values = rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
  return values.length > 0 ? Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100 : null;
};

export function buildCampaigns(data: JsonObject, input: CallInput): ViewModel {
  const raw = arr(data.rows).map(obj);
  const requested = arr(input.arguments.columns).filter((c): c is string => typeof c === 'string');
  const keys = [...new Set([...raw.slice(0, 50).flatMap((r) => Object.keys(r)), ...requested])];
  const sales = salesKey(keys);
  const purchases = purchasesKey(keys);
  const spend = keys.includes('cost') ? 'cost' : keys.includes('spend') ? 'spend' : undefined;
  const currency = input.extras?.currency;
  const rows: Row[] = raw.map((r) => {
    const base = {
      impressions: num(r.impressions),
      clicks: num(r.clicks),
      spend: spend ? num(r[spend]) : null,
      sales: sales ? num(r[sales]) : null,
      orders: purchases ? num(r[purchases]) : null,
    };
    return {
      campaign: str(r.campaignName) ?? str(r.campaignId) ?? str(r.adGroupName) ?? '—',
      campaignId: str(r.campaignId),
      ...base,
      ...derived(base),
    };
  });
  const money = (key: string, label: string, priority: Column['priority']): Column => ({
    key,
    label,
    kind: currency ? 'money' : 'number',
    priority,
    ...(currency ? { currency } : {}),
  });
  const columns: Column[] = [
    { key: 'campaign', label: 'Campaign', kind: 'text', priority: 'key' },
    ...(keys.includes('campaignName')
      ? [{ key: 'campaignId', label: 'Campaign id', kind: 'text', priority: 'low' } as Column]
      : []),
    { key: 'impressions', label: 'Impressions', kind: 'number', priority: 'low' },
    { key: 'clicks', label: 'Clicks', kind: 'number', priority: 'low' },
    { key: 'ctr', label: 'CTR', kind: 'percent', priority: 'low' },
    money('spend', 'Spend', 'key'),
    money('cpc', 'CPC', 'low'),
    money('sales', sales ? `Sales ${sales.replace(/^\D+/, '')}` : 'Sales (not in report)', 'key'),
    ...(purchases
      ? [{ key: 'orders', label: `Orders (${purchases})`, kind: 'number', priority: 'low' } as Column]
      : []),
    ...(purchases ? [{ key: 'cvr', label: 'CVR', kind: 'percent', priority: 'low' } as Column] : []),
    { key: 'acos', label: 'ACOS', kind: 'percent', priority: 'key' },
    { key: 'roas', label: 'ROAS', kind: 'ratio', priority: 'low' },
  ];
  const totalsBase = {
    impressions: sum(rows, 'impressions'),
    clicks: sum(rows, 'clicks'),
    spend: sum(rows, 'spend'),
    sales: sum(rows, 'sales'),
    orders: sum(rows, 'orders'),
  };
  const totals = derived(totalsBase);
  const reportId = str(data.reportId);
  const ready = data.ready !== false;
  const first = raw[0] ?? {};
  const start = str(first.startDate) ?? (dayOf(input.arguments.startDate) || null);
  const end = str(first.endDate) ?? (dayOf(input.arguments.endDate) || null);
  const show = (v: number | null, f: (n: number) => string) => (v === null ? '—' : f(v));
  const facts: Array<[string, string]> = [
    ['Dates', start || end ? `${start ?? '—'} → ${end ?? '—'}` : '—'],
    ['Status', str(data.status) ?? '—'],
  ];
  if (rows.length > 0)
    facts.push(
      ['Spend', show(totalsBase.spend, (v) => formatMoney(v, currency))],
      ['Sales', show(totalsBase.sales, (v) => formatMoney(v, currency))],
      ['ACOS', show(totals.acos, (v) => formatPercent(v))],
      ['ROAS', show(totals.roas, formatRatio)],
      ['CTR', show(totals.ctr, (v) => formatPercent(v, 2))],
      ['CPC', show(totals.cpc, (v) => formatMoney(v, currency))],
      ...(purchases ? [['CVR', show(totals.cvr, (v) => formatPercent(v))] as [string, string]] : []),
      [
        'Campaigns',
        `${formatNumber(rows.length)}${data.truncated === true ? ` of ${num(data.totalRows) ?? '?'} (truncated)` : ''}`,
      ],
    );
  if (!currency) facts.push(['Currency', 'unknown (no active profile details)']);
  // Only a finished report with rows can lack the column; a pending one has no rows to judge by.
  if (ready && rows.length > 0 && !sales)
    facts.push(['Note', 'add a sales column (e.g. sales14d) to the report for ACOS and ROAS']);
  return {
    title: 'Campaign performance',
    facts,
    columns,
    rows,
    ...(rows.length > 0 ? { totals: { campaign: `Total (${rows.length})`, ...totalsBase, ...totals } } : {}),
    chart: {
      kind: 'bar',
      title: 'Spend and sales per campaign',
      x: 'campaign',
      xTitle: 'Campaign',
      series: [
        { key: 'spend', label: 'Spend', ...(currency ? { currency } : {}) },
        ...(sales ? [{ key: 'sales', label: 'Sales', ...(currency ? { currency } : {}) }] : []),
      ],
    },
    // Spend without sales: the campaigns an advertiser wants to see first.
    flag: (row) => (typeof row.spend === 'number' && row.spend > 0 && !row.sales ? 'warn' : undefined),
    drill: {
      label: 'Ad groups',
      tool: 'list_ad_groups',
      rowsKey: 'adGroups',
      arguments: (row) => (row.campaignId ? { campaignIdFilter: [row.campaignId] } : undefined),
    },
    ...(!ready && reportId
      ? {
          next: {
            label: 'Check the report again',
            tool: 'download_report',
            arguments: { reportId },
            keepInput: true,
          },
        }
      : {}),
    // The report's id is for support and the agent: small under the view, not a headline fact.
    ...(reportId ? { reference: { label: 'Report id', value: reportId } } : {}),
    emptyText: ready
      ? 'The report has no rows for these dates.'
      : `The report is ${str(data.status)?.toLowerCase() ?? 'not ready'}${str(data.failureReason) ? `: ${str(data.failureReason)}` : ''}.`,
  };
}

export const campaignsProgram: ViewProgram = {
  name: 'campaign-performance',
  title: 'Campaign performance',
  defaultTool: 'run_report',
  build: buildCampaigns,
  prepare: adsProfileExtras,
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
