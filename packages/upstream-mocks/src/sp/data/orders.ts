// Orders fixture in the v0 shape (PascalCase); orders-v2026.ts derives the 2026-01-01 view from it.

/**
 * The fixture's present: its data ends here (the orders' CreatedBefore), and the rules stated relative to
 * "now" (Sales: "30 days from now", "2 years from now") are measured from it, so answers never depend on
 * the day a test runs.
 */
export const FIXTURE_NOW = '2026-03-20T00:00:00Z';

export interface V0Order {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: string;
  FulfillmentChannel: 'AFN' | 'MFN';
  SalesChannel: string;
  ShipServiceLevel: string;
  OrderTotal: { CurrencyCode: string; Amount: string };
  NumberOfItemsShipped: number;
  NumberOfItemsUnshipped: number;
  PaymentMethod: string;
  MarketplaceId: string;
  OrderType: string;
  IsPrime: boolean;
  IsBusinessOrder: boolean;
  EarliestDeliveryDate: string;
  LatestDeliveryDate: string;
}

function order(
  id: string,
  day: number,
  status: string,
  channel: 'AFN' | 'MFN',
  amount: string,
  mp = 'ATVPDKIKX0DER',
): V0Order {
  const date = `2026-03-${String(day).padStart(2, '0')}T10:15:00Z`;
  // Delivered two to five days after the purchase, by the end of the day (UTC).
  const deliveryDay = (after: number) => `2026-03-${String(day + after).padStart(2, '0')}T`;
  return {
    AmazonOrderId: id,
    PurchaseDate: date,
    LastUpdateDate: date.replace('10:15', '18:40'),
    OrderStatus: status,
    FulfillmentChannel: channel,
    SalesChannel: mp === 'ATVPDKIKX0DER' ? 'Amazon.com' : 'Amazon.ca',
    ShipServiceLevel: 'Std US D2D Dom',
    OrderTotal: { CurrencyCode: mp === 'ATVPDKIKX0DER' ? 'USD' : 'CAD', Amount: amount },
    NumberOfItemsShipped: status === 'Shipped' ? 1 : 0,
    NumberOfItemsUnshipped: status === 'Shipped' ? 0 : 1,
    PaymentMethod: 'Other',
    MarketplaceId: mp,
    OrderType: 'StandardOrder',
    IsPrime: channel === 'AFN',
    IsBusinessOrder: false,
    EarliestDeliveryDate: `${deliveryDay(2)}07:00:00Z`,
    LatestDeliveryDate: `${deliveryDay(5)}06:59:59Z`,
  };
}

export const ORDERS: V0Order[] = [
  order('902-3159896-1390916', 1, 'Shipped', 'AFN', '25.99'),
  order('113-7782341-5526704', 3, 'Unshipped', 'MFN', '12.50'),
  order('114-2048815-9021145', 5, 'Shipped', 'AFN', '89.00'),
  order('111-0573321-6610762', 7, 'Pending', 'AFN', '5.49'),
  order('702-1293822-4486215', 9, 'Canceled', 'MFN', '42.00', 'A2EUQ1WTGCTBG2'),
];

const bulk = new Map<number, V0Order[]>();

/**
 * OBMCP_MOCK_SP_ORDERS=<n>: n more plain orders after the fixture's, for a job that pages through many (bench/).
 * Deterministic ids and dates (US marketplace, March 2026), the same list for every request.
 */
export function bulkOrders(n: number): V0Order[] {
  let list = bulk.get(n);
  if (!list) {
    list = Array.from({ length: n }, (_, i) => {
      const id = `114-${String(1_000_000 + i).padStart(7, '0')}-${String(5_000_000 + i * 7).slice(0, 7)}`;
      const amount = `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`;
      return order(
        id,
        1 + (i % 15),
        i % 5 === 0 ? 'Unshipped' : 'Shipped',
        i % 2 === 0 ? 'AFN' : 'MFN',
        amount,
      );
    });
    bulk.set(n, list);
  }
  return list;
}

function item(o: V0Order, i: number, asin: string, title: string, amount: string): Record<string, unknown> {
  return {
    ASIN: asin,
    OrderItemId: `6829${i}012345${i}`,
    SellerSKU: `SKU-${1000 + i}`,
    Title: title,
    QuantityOrdered: 1,
    QuantityShipped: o.OrderStatus === 'Shipped' ? 1 : 0,
    ItemPrice: { CurrencyCode: o.OrderTotal.CurrencyCode, Amount: amount },
    IsGift: 'false',
    ConditionId: 'New',
  };
}

const FIRST_ITEMS: Array<[string, string]> = [
  ['B08N5WRWNW', 'Echo Dot (4th Gen)'],
  ['B07XJ8C8F5', 'USB-C Cable 2m'],
  ['B09G9FPHY6', 'Wireless Mouse'],
  ['B0B7BP6CJN', 'Coffee Mug 350ml'],
  ['B07FZ8S74R', 'Yoga Mat'],
];

/**
 * One item per order (its price the order total), except the Canadian order: three items, so a
 * getOrderItems answer has more than one page (the mock's page size is in orders.handlers.ts).
 */
export const ORDER_ITEMS: Record<string, Array<Record<string, unknown>>> = Object.fromEntries(
  ORDERS.map((o, i) => {
    const [asin, title] = FIRST_ITEMS[i] ?? (FIRST_ITEMS[0] as [string, string]);
    if (o.AmazonOrderId !== '702-1293822-4486215')
      return [o.AmazonOrderId, [item(o, i, asin, title, o.OrderTotal.Amount)]];
    return [
      o.AmazonOrderId,
      [
        item(o, i, asin, title, '30.00'),
        item(o, 5, 'B07GSXQ4VS', 'Yoga Block', '8.00'),
        item(o, 6, 'B01N0Z0W2Z', 'Yoga Strap', '4.00'),
      ],
    ];
  }),
);
