// CSV export (what ui/download-file hands the host) and links out to Seller Central, as data.
import { describe, expect, test } from 'vitest';
import { csvFileName, toCsv } from '../src/shared/csv.js';
import { sellerCentralOrderUrl } from '../src/shared/names.js';
import type { Column } from '../src/shared/view-model.js';
import { buildOrders } from '../src/views/orders.js';

describe('toCsv', () => {
  const columns: Column[] = [
    { key: 'name', label: 'Campaign', kind: 'text' },
    { key: 'spend', label: 'Spend', kind: 'money', currency: 'EUR' },
    { key: 'clicks', label: 'Clicks', kind: 'number' },
  ];
  test('a header with the currency, raw numbers, RFC 4180 quoting, empty for missing', () => {
    const csv = toCsv(columns, [
      { name: 'Spring launch, US', spend: 1234.5, clicks: 10 },
      { name: 'Say "hi"\nplease', spend: null, clicks: 0 },
    ]);
    expect(csv).toBe(
      'Campaign,Spend (EUR),Clicks\r\n"Spring launch, US",1234.5,10\r\n"Say ""hi""\nplease",,0\r\n',
    );
  });
  test('text a spreadsheet would run as a formula is defused; negative numbers stay numbers', () => {
    const csv = toCsv(columns, [{ name: '=HYPERLINK("x")', spend: -5, clicks: 1 }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-5,1`);
  });
  test('only the given columns, in their order', () => {
    expect(toCsv([columns[2] as Column], [{ name: 'a', spend: 1, clicks: 3 }])).toBe('Clicks\r\n3\r\n');
  });
  test('file name: the view and the day', () => {
    expect(csvFileName('orders', new Date('2026-03-05T10:00:00Z'))).toBe('orders-2026-03-05.csv');
  });
});

describe('links out', () => {
  test("an order's Seller Central page on its store's domain; an unknown marketplace has none", () => {
    expect(sellerCentralOrderUrl('902-3159896-1390916', 'ATVPDKIKX0DER')).toBe(
      'https://sellercentral.amazon.com/orders-v3/order/902-3159896-1390916',
    );
    expect(sellerCentralOrderUrl('1', 'A1F83G8C2ARO7P')).toBe(
      'https://sellercentral.amazon.co.uk/orders-v3/order/1',
    );
    expect(sellerCentralOrderUrl('1', 'A1VC38T7YXB528')).toBe(
      'https://sellercentral.amazon.co.jp/orders-v3/order/1',
    );
    expect(sellerCentralOrderUrl('1', 'NOPE')).toBeUndefined();
    expect(sellerCentralOrderUrl('1', null)).toBeUndefined();
  });
  test("orders: the Order column links each order to its marketplace's page (or the one asked for)", () => {
    const model = buildOrders(
      {
        orders: [
          {
            AmazonOrderId: '902-1',
            MarketplaceId: 'A1PA6795UKMFR9',
            OrderTotal: { Amount: '1', CurrencyCode: 'EUR' },
          },
          { AmazonOrderId: '902-2', OrderTotal: { Amount: '2', CurrencyCode: 'EUR' } },
        ],
      },
      { tool: 'get_orders', arguments: { marketplaceIds: ['A13V1IB3VIYZZH'] } },
    );
    const order = model.columns.find((c) => c.key === 'orderId');
    expect(model.rows.map((r) => order?.link?.(r))).toEqual([
      'https://sellercentral.amazon.de/orders-v3/order/902-1',
      'https://sellercentral.amazon.fr/orders-v3/order/902-2',
    ]);
  });
});
