// sp-mcp get_sales_metrics: units and revenue per hour/day/week/month with the interval, time zone and currency.
import { dateRangeControls, dayOf } from '../shared/controls.js';
import { formatDate, formatMoney, formatNumber } from '../shared/format.js';
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { CallInput, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

const GRANULARITIES = ['Hour', 'Day', 'Week', 'Month', 'Year', 'Total'] as const;

/** Start of a bucket's `start--end` interval: the date, plus the time for hourly buckets. */
function periodOf(interval: string, granularity: string): string {
  const start = interval.split('--')[0] ?? interval;
  return granularity === 'Hour' ? start.slice(0, 16).replace('T', ' ') : start.slice(0, 10);
}

export function buildSales(data: JsonObject): ViewModel {
  const granularity = str(data.granularity) ?? 'Day';
  const totals = obj(data.totals);
  const buckets = arr(data.metrics).map(obj);
  const currency =
    str(obj(totals.totalSales).currencyCode) ??
    buckets.map((b) => str(obj(b.totalSales).currencyCode)).find(Boolean) ??
    undefined;
  const rows: Row[] = buckets.map((b) => ({
    period: periodOf(str(b.interval) ?? '', granularity),
    units: num(b.unitCount),
    orders: num(b.orderCount),
    sales: num(obj(b.totalSales).amount),
    averageUnitPrice: num(obj(b.averageUnitPrice).amount),
  }));
  const [from, to] = (str(data.interval) ?? '').split('--');
  const totalSales = num(obj(totals.totalSales).amount);
  const facts: Array<[string, string]> = [
    // The buckets' own calendar (granularityTimeZone): days as days, not shifted into the host's zone.
    [
      'Interval',
      from && to ? `${formatDate(from.slice(0, 10))} → ${formatDate(to.slice(0, 10))} (end exclusive)` : '—',
    ],
    ['Granularity', granularity],
    ['Time zone', str(data.granularityTimeZone) ?? 'UTC'],
    ['Currency', currency ?? 'mixed'],
    ['Units', formatNumber(num(totals.unitCount) ?? 0)],
    ['Orders', formatNumber(num(totals.orderCount) ?? 0)],
  ];
  if (totalSales !== null) facts.push(['Sales', formatMoney(totalSales, currency)]);
  return {
    title: 'Sales over time',
    facts,
    columns: [
      { key: 'period', label: granularity === 'Hour' ? 'Hour' : 'Period start', kind: 'date' },
      { key: 'units', label: 'Units', kind: 'number' },
      { key: 'orders', label: 'Orders', kind: 'number' },
      {
        key: 'sales',
        label: `Sales${currency ? ` (${currency})` : ''}`,
        kind: 'money',
        ...(currency ? { currency } : {}),
      },
      { key: 'averageUnitPrice', label: 'Avg unit price', kind: 'money', ...(currency ? { currency } : {}) },
    ],
    rows,
    chart: {
      kind: granularity === 'Total' ? 'bar' : 'line',
      title: `Units and sales per ${granularity.toLowerCase()}`,
      x: 'period',
      xTitle: 'Period start',
      series: [
        { key: 'units', label: 'Units', integer: true },
        {
          key: 'sales',
          label: 'Sales',
          ...(currency ? { currency } : {}),
        },
      ],
    },
    emptyText: 'No sales buckets in this interval.',
  };
}

export const salesProgram: ViewProgram = {
  name: 'sales-over-time',
  title: 'Sales over time',
  defaultTool: 'get_sales_metrics',
  build: (data) => buildSales(data),
  controls(input: CallInput, run) {
    const args = input.arguments;
    if (typeof args.marketplaceId !== 'string') return null;
    const granularity = typeof args.granularity === 'string' ? args.granularity : 'Day';
    return dateRangeControls(
      { start: dayOf(args.startDate), end: dayOf(args.endDate) },
      [{ name: 'granularity', label: 'Per', options: GRANULARITIES, value: granularity }],
      'Show',
      (v) => run({ ...args, startDate: v.start, endDate: v.end, granularity: v.granularity }),
    );
  },
};
