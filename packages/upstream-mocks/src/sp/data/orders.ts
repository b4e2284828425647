// Orders fixture in the v0 shape (PascalCase); the 2026-01-01 handler derives camelCase from it.

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

export const ORDER_ITEMS: Record<string, Array<Record<string, unknown>>> = Object.fromEntries(
  ORDERS.map((o, i) => [
    o.AmazonOrderId,
    [
      {
        ASIN: ['B08N5WRWNW', 'B07XJ8C8F5', 'B09G9FPHY6', 'B0B7BP6CJN', 'B07FZ8S74R'][i] ?? 'B08N5WRWNW',
        OrderItemId: `6829${i}012345${i}`,
        SellerSKU: `SKU-${1000 + i}`,
        Title: ['Echo Dot (4th Gen)', 'USB-C Cable 2m', 'Wireless Mouse', 'Coffee Mug 350ml', 'Yoga Mat'][i],
        QuantityOrdered: 1,
        QuantityShipped: o.OrderStatus === 'Shipped' ? 1 : 0,
        ItemPrice: { CurrencyCode: o.OrderTotal.CurrencyCode, Amount: o.OrderTotal.Amount },
        IsGift: 'false',
        ConditionId: 'New',
      },
    ],
  ]),
);

/** v2026-01-01 (camelCase, no payload wrapper) view of a v0 order. */
export function toV2026(o: V0Order): Record<string, unknown> {
  return {
    orderId: o.AmazonOrderId,
    createdTime: o.PurchaseDate,
    lastUpdatedTime: o.LastUpdateDate,
    salesChannel: { marketplaceId: o.MarketplaceId, marketplaceName: o.SalesChannel, channelName: 'AMAZON' },
    fulfillment: {
      fulfilledBy: o.FulfillmentChannel === 'AFN' ? 'AMAZON' : 'MERCHANT',
      fulfillmentStatus: {
        Shipped: 'SHIPPED',
        Unshipped: 'UNSHIPPED',
        Pending: 'PENDING',
        Canceled: 'CANCELLED',
      }[o.OrderStatus],
    },
    programs: o.IsPrime ? ['PRIME'] : [],
    orderItems: (ORDER_ITEMS[o.AmazonOrderId] ?? []).map((it) => ({
      orderItemId: it.OrderItemId,
      product: { asin: it.ASIN, sellerSku: it.SellerSKU, title: it.Title },
      quantityOrdered: it.QuantityOrdered,
    })),
  };
}
