// sp-mcp estimate_fees: each item's estimated fees by type and in total, failed estimates flagged.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { Column, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

export function buildFees(data: JsonObject): ViewModel {
  const estimates = arr(data.estimates).map(obj);
  const types: string[] = [];
  const currencies = new Set<string>();
  const rows: Row[] = estimates.map((e) => {
    const row: Row = {
      item: str(e.asin) ?? str(e.sku),
      status: str(e.status),
      total: num(obj(e.totalFees).amount),
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
      { key: 'item', label: 'ASIN / SKU', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text' },
      money('total', 'Total fees'),
      ...types.map((t) => money(`fee:${t}`, t)),
      { key: 'error', label: 'Error', kind: 'text' },
    ],
    rows,
    chart: {
      kind: 'bar',
      title: 'Fees per item by type (stacked to the total)',
      x: 'item',
      xTitle: 'ASIN / SKU',
      stacked: true,
      series: types.map((t) => ({ key: `fee:${t}`, label: t, ...(currency ? { currency } : {}) })),
    },
    flag: (row) => (row.status !== null && row.status !== 'Success' ? 'bad' : undefined),
    emptyText: 'No fee estimates.',
  };
}

export const feesProgram: ViewProgram = { name: 'fees', defaultTool: 'estimate_fees', build: buildFees };
