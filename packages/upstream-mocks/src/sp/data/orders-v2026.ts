// Orders 2026-01-01 view of the v0 fixture: the basic order, plus the datasets `includedData` names.
import { buyerInfoOf, shippingAddressOf } from './order-pii.js';
import { ORDER_ITEMS, type V0Order } from './orders.js';

/**
 * The datasets this fixture can fill (orders_2026-01-01.json `includedData`; Amazon's "Get orders with
 * filtering criteria" names the Order fields each one adds). EXPENSE, PROMOTION, TAX, PAYMENT and
 * FULFILLMENT_ORDERS are accepted but add nothing: the fixture's orders have no such data.
 */
export type Dataset = 'BUYER' | 'RECIPIENT' | 'PROCEEDS' | 'FULFILLMENT' | 'CANCELLATION' | 'PACKAGES';

/** The identity's restricted roles (`restricted.ts` rolesOf): Direct-to-Consumer Shipping, Tax Invoicing/Remittance. */
export interface PiiRoles {
  shipping: boolean;
  tax: boolean;
}

/** "The order is in UNSHIPPED, PARTIALLY_SHIPPED, or SHIPPED status" (Access Orders PII). */
const PII_STATUSES = new Set(['UNSHIPPED', 'PARTIALLY_SHIPPED', 'SHIPPED']);
/** "In the US, Japan, and Singapore marketplaces" the Tax roles do not give the buyer's name. */
const NO_TAX_NAME_MARKETPLACES = new Set(['ATVPDKIKX0DER', 'A1VC38T7YXB528', 'A19VAU5U5O7RUS']);

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

/**
 * BUYER, as Amazon's "Access Orders PII" states it for v2026-01-01 (no RDT): `buyerEmail` with the
 * Direct-to-Consumer role for merchant-fulfilled orders; `buyerName` with a Tax role (not in US/JP/SG) or,
 * for merchant-fulfilled orders, the Direct-to-Consumer role; both only for UNSHIPPED, PARTIALLY_SHIPPED
 * and SHIPPED orders. The purchase order number is no PII.
 */
function buyerOf(o: V0Order, roles: PiiRoles): Record<string, string> | undefined {
  const v0 = buyerInfoOf(o);
  if (!v0) return undefined;
  const mfn = o.FulfillmentChannel === 'MFN';
  const open = PII_STATUSES.has(fulfillmentStatusOf(o));
  const taxName = roles.tax && !NO_TAX_NAME_MARKETPLACES.has(o.MarketplaceId);
  const email = open && mfn && roles.shipping;
  const name = open && (taxName || (mfn && roles.shipping));
  return {
    ...(name && v0.BuyerName ? { buyerName: v0.BuyerName } : {}),
    ...(email && v0.BuyerEmail ? { buyerEmail: v0.BuyerEmail } : {}),
    ...(v0.PurchaseOrderNumber ? { buyerPurchaseOrderNumber: v0.PurchaseOrderNumber } : {}),
  };
}

/**
 * RECIPIENT: the delivery address once the order has one (the v0 statuses); its PII fields (name, lines,
 * postal code, phone) only with the Direct-to-Consumer Shipping role, the role "required to access
 * shipping address information".
 */
function recipientOf(o: V0Order, roles: PiiRoles): Record<string, unknown> | undefined {
  const a = shippingAddressOf(o, true);
  if (!a) return undefined;
  const pii = roles.shipping;
  const fields: Record<string, string | undefined> = {
    name: pii ? a.Name : undefined,
    addressLine1: pii ? a.AddressLine1 : undefined,
    city: a.City,
    stateOrRegion: a.StateOrRegion,
    postalCode: pii ? a.PostalCode : undefined,
    countryCode: a.CountryCode,
    phone: pii ? a.Phone : undefined,
    addressType: a.AddressType?.toUpperCase(),
  };
  const deliveryAddress = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { deliveryAddress };
}

/**
 * The order as searchOrders and getOrder return it. Without includedData: "only basic information about
 * the orders, such as orderId, createdTime, salesChannel, programs, orderItemId, product". The PII in
 * BUYER and RECIPIENT depends on the identity's `roles`.
 */
export function toV2026(
  o: V0Order,
  included: readonly string[] = [],
  roles: PiiRoles = { shipping: true, tax: true },
): Record<string, unknown> {
  const want = new Set(included);
  const items = ORDER_ITEMS[o.AmazonOrderId] ?? [];
  const buyer = want.has('BUYER') ? buyerOf(o, roles) : undefined;
  const recipient = want.has('RECIPIENT') ? recipientOf(o, roles) : undefined;
  const mfn = o.FulfillmentChannel === 'MFN';
  return {
    orderId: o.AmazonOrderId,
    createdTime: o.PurchaseDate,
    lastUpdatedTime: o.LastUpdateDate,
    programs: o.IsPrime ? ['PRIME'] : [],
    salesChannel: { channelName: 'AMAZON', marketplaceId: o.MarketplaceId, marketplaceName: o.SalesChannel },
    ...(buyer && Object.keys(buyer).length > 0 ? { buyer } : {}),
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
