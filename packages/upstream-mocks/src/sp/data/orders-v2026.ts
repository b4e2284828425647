// Orders 2026-01-01 view of the v0 fixture: the basic order, plus the datasets `includedData` names.
import { buyerInfoOf, shippingAddressOf } from './order-pii.js';
import { ORDER_ITEMS, type V0Order } from './orders.js';

/**
 * The datasets this fixture can fill (orders_2026-01-01.json `includedData`; Amazon's "Get orders with
 * filtering criteria" names the Order fields each one adds). EXPENSE, PROMOTION, TAX, PAYMENT and
 * FULFILLMENT_ORDERS are accepted but add nothing: the fixture's orders have no such data.
 */
export type Dataset = 'BUYER' | 'RECIPIENT' | 'PROCEEDS' | 'FULFILLMENT' | 'CANCELLATION' | 'PACKAGES';

/** v0 OrderStatus → 2026-01-01 FulfillmentStatus. */
const STATUS: Record<string, string> = {
  PendingAvailability: 'PENDING_AVAILABILITY',
  Pending: 'PENDING',
  Unshipped: 'UNSHIPPED',
  PartiallyShipped: 'PARTIALLY_SHIPPED',
  Shipped: 'SHIPPED',
  Canceled: 'CANCELLED',
  Unfulfillable: 'UNFULFILLABLE',
};

export const fulfillmentStatusOf = (o: V0Order): string => STATUS[o.OrderStatus] ?? 'PENDING';

const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });

function itemOf(o: V0Order, it: Record<string, unknown>, want: ReadonlySet<string>): Record<string, unknown> {
  const price = it.ItemPrice as { CurrencyCode: string; Amount: string };
  const shipped = Number(it.QuantityShipped);
  const ordered = Number(it.QuantityOrdered);
  return {
    orderItemId: it.OrderItemId,
    quantityOrdered: ordered,
    product: {
      asin: it.ASIN,
      title: it.Title,
      sellerSku: it.SellerSKU,
      condition: { conditionType: 'NEW', conditionSubtype: 'NEW' },
      price: { unitPrice: money(price.Amount, price.CurrencyCode) },
    },
    ...(want.has('PROCEEDS') && o.OrderStatus !== 'Pending'
      ? {
          proceeds: {
            proceedsTotal: money(price.Amount, price.CurrencyCode),
            breakdowns: [{ type: 'ITEM', subtotal: money(price.Amount, price.CurrencyCode) }],
          },
        }
      : {}),
    ...(want.has('FULFILLMENT')
      ? { fulfillment: { quantityFulfilled: shipped, quantityUnfulfilled: ordered - shipped } }
      : {}),
    ...(want.has('CANCELLATION') && o.OrderStatus === 'Canceled'
      ? { cancellation: { cancellationExecution: { cancelledBy: 'MERCHANT', cancelReason: 'NoInventory' } } }
      : {}),
  };
}

function buyerOf(o: V0Order): Record<string, string> | undefined {
  const v0 = buyerInfoOf(o);
  if (!v0) return undefined;
  return {
    ...(v0.BuyerName ? { buyerName: v0.BuyerName } : {}),
    ...(v0.BuyerEmail ? { buyerEmail: v0.BuyerEmail } : {}),
    ...(v0.PurchaseOrderNumber ? { buyerPurchaseOrderNumber: v0.PurchaseOrderNumber } : {}),
  };
}

function recipientOf(o: V0Order): Record<string, unknown> | undefined {
  const a = shippingAddressOf(o, true);
  if (!a) return undefined;
  const fields: Record<string, string | undefined> = {
    name: a.Name,
    addressLine1: a.AddressLine1,
    city: a.City,
    stateOrRegion: a.StateOrRegion,
    postalCode: a.PostalCode,
    countryCode: a.CountryCode,
    phone: a.Phone,
    addressType: a.AddressType?.toUpperCase(),
  };
  const deliveryAddress = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { deliveryAddress };
}

/**
 * The order as searchOrders and getOrder return it. Without includedData: "only basic information about
 * the orders, such as orderId, createdTime, salesChannel, programs, orderItemId, product".
 */
export function toV2026(o: V0Order, included: readonly string[] = []): Record<string, unknown> {
  const want = new Set(included);
  const items = ORDER_ITEMS[o.AmazonOrderId] ?? [];
  const buyer = want.has('BUYER') ? buyerOf(o) : undefined;
  const recipient = want.has('RECIPIENT') ? recipientOf(o) : undefined;
  const mfn = o.FulfillmentChannel === 'MFN';
  return {
    orderId: o.AmazonOrderId,
    createdTime: o.PurchaseDate,
    lastUpdatedTime: o.LastUpdateDate,
    programs: o.IsPrime ? ['PRIME'] : [],
    salesChannel: { channelName: 'AMAZON', marketplaceId: o.MarketplaceId, marketplaceName: o.SalesChannel },
    ...(buyer ? { buyer } : {}),
    ...(recipient ? { recipient } : {}),
    ...(want.has('PROCEEDS') && o.OrderStatus !== 'Pending'
      ? {
          proceeds: {
            grandTotal: money(o.OrderTotal.Amount, o.OrderTotal.CurrencyCode),
            breakdowns: [{ type: 'ITEM', subtotal: money(o.OrderTotal.Amount, o.OrderTotal.CurrencyCode) }],
          },
        }
      : {}),
    ...(want.has('FULFILLMENT')
      ? {
          fulfillment: {
            fulfillmentStatus: fulfillmentStatusOf(o),
            fulfilledBy: mfn ? 'MERCHANT' : 'AMAZON',
            fulfillmentServiceLevel: 'STANDARD',
            deliverByWindow: {
              earliestDateTime: o.EarliestDeliveryDate,
              latestDateTime: o.LatestDeliveryDate,
            },
          },
        }
      : {}),
    orderItems: items.map((it) => itemOf(o, it, want)),
    // "Only available for merchant-fulfilled (FBM) orders"; the fixture's shipped FBM orders have none yet.
    ...(want.has('PACKAGES') && mfn ? { packages: [] } : {}),
  };
}
