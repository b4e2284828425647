// sp-mcp get_inventory_summaries: FBA stock per SKU (fulfillable, inbound, reserved, unfulfillable).
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
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
      ['Marketplace', str(granularity.granularityId) ?? '—'],
      ['SKUs', String(rows.length)],
      ['Out of stock', String(rows.filter((r) => r.total === 0).length)],
    ],
    columns: [
      { key: 'sku', label: 'SKU', kind: 'text' },
      { key: 'asin', label: 'ASIN', kind: 'text' },
      { key: 'product', label: 'Product', kind: 'text' },
      { key: 'fulfillable', label: 'Fulfillable', kind: 'number' },
      { key: 'inbound', label: 'Inbound', kind: 'number' },
      { key: 'reserved', label: 'Reserved', kind: 'number' },
      { key: 'unfulfillable', label: 'Unfulfillable', kind: 'number' },
      { key: 'total', label: 'Total', kind: 'number' },
    ],
    rows,
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
  defaultTool: 'get_inventory_summaries',
  build: buildInventory,
};
