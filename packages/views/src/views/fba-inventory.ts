// sp-mcp get_inventory_summaries: FBA stock per SKU (fulfillable, inbound, reserved, unfulfillable).
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import { marketplaceName } from '../shared/names.js';
import type { CallInput, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

export function buildInventory(data: JsonObject, input: CallInput): ViewModel {
  const rows: Row[] = arr(data.inventorySummaries)
    .map(obj)
    .map((s) => {
      const d = obj(s.inventoryDetails);
      const inbound =
        (num(d.inboundWorkingQuantity) ?? 0) +
        (num(d.inboundShippedQuantity) ?? 0) +
        (num(d.inboundReceivingQuantity) ?? 0);
      return {
        sku: str(s.sellerSku),
        asin: str(s.asin),
        product: str(s.productName),
        fulfillable: num(d.fulfillableQuantity),
        inbound: 'inventoryDetails' in s ? inbound : null,
        reserved: num(obj(d.reservedQuantity).totalReservedQuantity),
        unfulfillable: num(obj(d.unfulfillableQuantity).totalUnfulfillableQuantity),
        total: num(s.totalQuantity),
      };
    });
  const token = str(data.nextToken);
  const granularity = obj(data.granularity);
  return {
    title: 'FBA inventory by SKU',
    facts: [
      ['Marketplace', marketplaceName(str(granularity.granularityId)) ?? '—'],
      ['SKUs', String(rows.length)],
      ['Out of stock', String(rows.filter((r) => r.total === 0).length)],
    ],
    columns: [
      { key: 'sku', label: 'SKU', kind: 'text', priority: 'key' },
      { key: 'asin', label: 'ASIN', kind: 'text', priority: 'low' },
      { key: 'product', label: 'Product', kind: 'text', priority: 'low' },
      { key: 'fulfillable', label: 'Fulfillable', kind: 'number', priority: 'key' },
      { key: 'inbound', label: 'Inbound', kind: 'number', priority: 'low' },
      { key: 'reserved', label: 'Reserved', kind: 'number', priority: 'low' },
      { key: 'unfulfillable', label: 'Unfulfillable', kind: 'number', priority: 'low' },
      { key: 'total', label: 'Total', kind: 'number', priority: 'key' },
    ],
    rows,
    ...(rows.length > 1
      ? { totals: sumRow(rows, ['fulfillable', 'inbound', 'reserved', 'unfulfillable', 'total']) }
      : {}),
    chart: {
      kind: 'bar',
      title: 'Units per SKU',
      x: 'sku',
      xTitle: 'SKU',
      series: [
        { key: 'fulfillable', label: 'Fulfillable', unit: 'units', integer: true },
        { key: 'inbound', label: 'Inbound', unit: 'units', integer: true },
        { key: 'reserved', label: 'Reserved', unit: 'units', integer: true },
      ],
    },
    flag: (row) => (row.total === 0 ? 'bad' : undefined),
    ...(token
      ? { next: { label: 'Load the next page', arguments: { ...input.arguments, nextToken: token } } }
      : {}),
    emptyText: 'No FBA inventory for these filters.',
  };
}

export const inventoryProgram: ViewProgram = {
  name: 'fba-inventory',
  title: 'FBA inventory by SKU',
  defaultTool: 'get_inventory_summaries',
  build: buildInventory,
};

/** Sums of numeric columns over every row (a column with no number stays empty). */
function sumRow(rows: readonly Row[], keys: readonly string[]): Row {
  const out: Row = {};
  for (const key of keys) {
    const values = rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
    out[key] = values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
  }
  return out;
}
