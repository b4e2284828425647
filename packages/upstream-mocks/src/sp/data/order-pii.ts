// The restricted part of the Orders v0 fixture (ordersV0.json Address, BuyerInfo, ItemBuyerInfo): obviously
// fake people. Without an RDT the API returns only the address's unrestricted fields.
import type { V0Order } from './orders.js';

/** "ShippingAddress is only available for orders with the following status values: …" (ordersV0.json). */
const ADDRESS_STATUSES = new Set(['Unshipped', 'PartiallyShipped', 'Shipped', 'InvoiceUnconfirmed']);

interface OrderPii {
  address: Record<string, string>;
  buyer: Record<string, string>;
}

const PII: Record<string, OrderPii> = {
  '902-3159896-1390916': {
    address: { Name: 'Mock Buyer One', AddressLine1: '1 Example Street', Phone: '+1 555-0100' },
    buyer: { BuyerEmail: 'mock-buyer-1@marketplace.example', BuyerName: 'Mock Buyer One' },
  },
  '113-7782341-5526704': {
    address: { Name: 'Mock Buyer Two', AddressLine1: '22 Sample Avenue', Phone: '+1 555-0101' },
    buyer: {
      BuyerEmail: 'mock-buyer-2@marketplace.example',
      BuyerName: 'Mock Buyer Two',
      PurchaseOrderNumber: 'PO-MOCK-0002',
    },
  },
};

const PUBLIC_ADDRESS = { City: 'SEATTLE', StateOrRegion: 'WA', PostalCode: '98101-1234', CountryCode: 'US' };

/** ShippingAddress as the caller may see it: full with the shippingAddress grant, else unrestricted fields. */
export function shippingAddressOf(order: V0Order, full: boolean): Record<string, string> | undefined {
  if (!ADDRESS_STATUSES.has(order.OrderStatus)) return undefined;
  const pii = PII[order.AmazonOrderId];
  return full && pii
    ? { ...pii.address, ...PUBLIC_ADDRESS, AddressType: 'Residential' }
    : { ...PUBLIC_ADDRESS };
}

export function buyerInfoOf(order: V0Order): Record<string, string> | undefined {
  return PII[order.AmazonOrderId]?.buyer;
}

/** The order as getOrders/getOrder return it for a grant of dataElements (undefined: an LWA token). */
export function orderFor(order: V0Order, grant: Set<string> | undefined): Record<string, unknown> {
  const address = shippingAddressOf(order, grant?.has('shippingAddress') === true);
  const buyer = grant?.has('buyerInfo') ? buyerInfoOf(order) : undefined;
  return {
    ...order,
    ...(address ? { ShippingAddress: address } : {}),
    ...(buyer ? { BuyerInfo: buyer } : {}),
  };
}

/** An order item's restricted BuyerInfo (MFN orders only carry gift data). */
export function itemBuyerInfoOf(order: V0Order): Record<string, string> | undefined {
  return order.FulfillmentChannel === 'MFN'
    ? { GiftMessageText: 'Happy birthday!', GiftWrapLevel: 'Classic' }
    : undefined;
}
