// sp-mcp estimate_fees: each item's estimated fees by type and in total, failed estimates flagged.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import { feeName } from '../shared/names.js';
import type { CallInput, Column, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

/** The listing price the agent asked about, per item (by ASIN or SKU, else by position). */
function pricesOf(input: CallInput | undefined): Array<{ id: string | null; price: number | null }> {
  return arr(input?.arguments.items)
    .map(obj)
    .map((i) => ({ id: str(i.asin) ?? str(i.sku), price: num(i.price) ?? num(obj(i.price).amount) }));
}

export function buildFees(data: JsonObject, input?: CallInput): ViewModel {
  const estimates = arr(data.estimates).map(obj);
  const prices = pricesOf(input);
  const types: string[] = [];
  const currencies = new Set<string>();
  const rows: Row[] = estimates.map((e, index) => {
    const item = str(e.asin) ?? str(e.sku);
    const total = num(obj(e.totalFees).amount);
    const price = prices.find((p) => p.id !== null && p.id === item)?.price ?? prices[index]?.price ?? null;
    const row: Row = {
      item,
      status: str(e.status),
      price,
      total,
      share: price && total !== null ? (total / price) * 100 : null,
      net: price !== null && total !== null ? Math.round((price - total) * 100) / 100 : null,
      error: str(obj(e.error).message) ?? str(obj(e.error).code),
    };
    const currency = str(obj(e.totalFees).currency);
    if (currency) currencies.add(currency);
    for (const fee of arr(e.fees).map(obj)) {
      const type = str(fee.type) ?? 'Other';
      if (!types.includes(type)) types.push(type);
      row[`fee:${type}`] = num(fee.amount);
    }
    return row;
  });
  const currency = currencies.size === 1 ? [...currencies][0] : undefined;
  const money = (key: string, label: string): Column => ({
    key,
    label,
    kind: 'money',
    ...(currency ? { currency } : {}),
  });
  return {
    title: 'Estimated fees per item',
    facts: [
      ['Items', String(rows.length)],
      ['Currency', currency ?? (currencies.size > 1 ? 'mixed' : '—')],
    ],
    columns: [
      { key: 'item', label: 'ASIN / SKU', kind: 'text', priority: 'key' },
      { key: 'status', label: 'Status', kind: 'text', priority: 'low' },
      { ...money('price', 'Price'), priority: 'low' },
      { ...money('total', 'Total fees'), priority: 'key' },
      { key: 'share', label: 'Fees % of price', kind: 'percent', priority: 'key' },
      { ...money('net', 'Net proceeds'), priority: 'key' },
      ...types.map((t): Column => ({ ...money(`fee:${t}`, feeName(t)), priority: 'low' })),
      { key: 'error', label: 'Error', kind: 'text', priority: 'low' },
    ],
    rows,
    chart: {
      kind: 'bar',
      title: 'Fees per item by type (stacked to the total)',
      x: 'item',
      xTitle: 'ASIN / SKU',
      stacked: true,
      yTitle: currency ? `Fees (${currency})` : 'Fees',
      series: types.map((t) => ({ key: `fee:${t}`, label: feeName(t), ...(currency ? { currency } : {}) })),
    },
    flag: (row) => (row.status !== null && row.status !== 'Success' ? 'bad' : undefined),
    emptyText: 'No fee estimates.',
  };
}

export const feesProgram: ViewProgram = {
  name: 'fees',
  title: 'Estimated fees per item',
  defaultTool: 'estimate_fees',
  build: buildFees,
};
