// The one table of SP-API operations that return personal data and need a restricted-data token (RDT).
//
// Source: Amazon's Tokens API use case guide, "List of restricted operations"
// (https://developer-docs.amazon.com/sp-api/docs/tokens-api-use-case-guide), the roles pages that mark
// operations "- RDT" (e.g. https://developer-docs.amazon.com/sp-api/docs/direct-to-consumer-shipping-restricted-role),
// and the models: tokens_2021-03-01.json `RestrictedResource` (paths, dataElements) and ordersV0.json
// (`Order.ShippingAddress`, `Order.BuyerInfo`, `Order.BuyerTaxInformation`, `OrderItem.BuyerInfo`).
// Only operations present in the vendored models are listed; BEHAVIOR.md ("RDT behaviour") names the rest.

/** The kinds of PII an Orders v0 RDT can carry (tokens_2021-03-01.json `RestrictedResource.dataElements`). */
export type DataElement = 'buyerInfo' | 'shippingAddress' | 'buyerTaxInformation';

/** The restricted roles as Amazon names them (developer profile → data access). */
export const ROLES = {
  shipping: 'Direct-to-Consumer Shipping (Restricted)',
  invoicing: 'Tax Invoicing (Restricted)',
  remittance: 'Tax Remittance (Restricted)',
} as const;
export type RoleName = (typeof ROLES)[keyof typeof ROLES];

export interface RestrictedOperation {
  /** Model file stem and operationId, as in the catalog's `_meta["io.obmcp/operation"]`. */
  api: string;
  operationId: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Path template of the model. */
  path: string;
  /**
   * `generic`: the RDT is requested for the template (`/orders/v0/orders/{orderId}`) and serves every id
   * (the guide's "generic path"); `specific`: for the concrete path of the call (the guide: getReportDocument
   * "can contain only a specific path"; other ids than orderId/shipmentId are not documented as generic).
   */
  rdtPath: 'generic' | 'specific';
  /** dataElements to request (only the Orders v0 getOrders/getOrder/getOrderItems take them). */
  dataElements?: readonly DataElement[];
  /** Restricted only for some inputs (getReportDocument: restricted report types); the caller decides. */
  conditional?: true;
  /** Roles of which the application needs at least one (named in the auth_error hint). */
  roles: readonly RoleName[];
}

const ANY_PII_ROLE: readonly RoleName[] = [ROLES.shipping, ROLES.invoicing, ROLES.remittance];
const BUYER_ROLES: readonly RoleName[] = [ROLES.invoicing, ROLES.remittance];

const op = (
  api: string,
  operationId: string,
  method: RestrictedOperation['method'],
  path: string,
  roles: readonly RoleName[],
  extra: Partial<Pick<RestrictedOperation, 'dataElements' | 'conditional' | 'rdtPath'>> = {},
): RestrictedOperation => ({ api, operationId, method, path, roles, rdtPath: 'specific', ...extra });

const V0 = '/orders/v0/orders';
const DF_ORDERS_V1 = '/vendor/directFulfillment/orders/v1/purchaseOrders';
const DF_ORDERS = '/vendor/directFulfillment/orders/2021-12-28/purchaseOrders';
const DF_SHIP_V1 = '/vendor/directFulfillment/shipping/v1';
const DF_SHIP = '/vendor/directFulfillment/shipping/2021-12-28';
const ORDER_PII: readonly DataElement[] = ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'];

export const RESTRICTED_OPERATIONS: readonly RestrictedOperation[] = [
  // Orders API v0 (the guide lists all seven; Orders v2026-01-01 needs no RDT: "Access Orders PII").
  op('ordersV0', 'getOrders', 'GET', V0, ANY_PII_ROLE, { rdtPath: 'generic', dataElements: ORDER_PII }),
  op('ordersV0', 'getOrder', 'GET', `${V0}/{orderId}`, ANY_PII_ROLE, {
    rdtPath: 'generic',
    dataElements: ORDER_PII,
  }),
  op('ordersV0', 'getOrderItems', 'GET', `${V0}/{orderId}/orderItems`, BUYER_ROLES, {
    rdtPath: 'generic',
    dataElements: ['buyerInfo'],
  }),
  op('ordersV0', 'getOrderAddress', 'GET', `${V0}/{orderId}/address`, [ROLES.shipping, ROLES.remittance], {
    rdtPath: 'generic',
  }),
  op('ordersV0', 'getOrderBuyerInfo', 'GET', `${V0}/{orderId}/buyerInfo`, BUYER_ROLES, {
    rdtPath: 'generic',
  }),
  op('ordersV0', 'getOrderItemsBuyerInfo', 'GET', `${V0}/{orderId}/orderItems/buyerInfo`, ANY_PII_ROLE, {
    rdtPath: 'generic',
  }),
  op('ordersV0', 'getOrderRegulatedInfo', 'GET', `${V0}/{orderId}/regulatedInfo`, ANY_PII_ROLE, {
    rdtPath: 'generic',
  }),
  // Reports API: "restricted only when a restricted report type is specified" (restricted-report-types.ts).
  op(
    'reports_2021-06-30',
    'getReportDocument',
    'GET',
    '/reports/2021-06-30/documents/{reportDocumentId}',
    ANY_PII_ROLE,
    { conditional: true },
  ),
  // Merchant Fulfillment API (cancelShipmentOld is listed too, but no longer in the model).
  op('merchantFulfillmentV0', 'getShipment', 'GET', '/mfn/v0/shipments/{shipmentId}', [ROLES.shipping], {
    rdtPath: 'generic',
  }),
  op(
    'merchantFulfillmentV0',
    'cancelShipment',
    'DELETE',
    '/mfn/v0/shipments/{shipmentId}',
    [ROLES.shipping],
    {
      rdtPath: 'generic',
    },
  ),
  op('merchantFulfillmentV0', 'createShipment', 'POST', '/mfn/v0/shipments', [ROLES.shipping]),
  // Easy Ship API v2022-03-23.
  op('easyShip_2022-03-23', 'createScheduledPackageBulk', 'POST', '/easyShip/2022-03-23/packages/bulk', [
    ROLES.shipping,
  ]),
  // Shipment Invoicing (Brazil FBA invoices: the buyer's tax data).
  op(
    'shipmentInvoicingV0',
    'getShipmentDetails',
    'GET',
    '/fba/outbound/brazil/v0/shipments/{shipmentId}',
    [ROLES.invoicing],
    { rdtPath: 'generic' },
  ),
  // Vendor Direct Fulfillment Orders, v1 and v2021-12-28.
  op('vendorDirectFulfillmentOrdersV1', 'getOrders', 'GET', DF_ORDERS_V1, [ROLES.shipping]),
  op('vendorDirectFulfillmentOrdersV1', 'getOrder', 'GET', `${DF_ORDERS_V1}/{purchaseOrderNumber}`, [
    ROLES.shipping,
  ]),
  op('vendorDirectFulfillmentOrders_2021-12-28', 'getOrders', 'GET', DF_ORDERS, [ROLES.shipping]),
  op('vendorDirectFulfillmentOrders_2021-12-28', 'getOrder', 'GET', `${DF_ORDERS}/{purchaseOrderNumber}`, [
    ROLES.shipping,
  ]),
  // Vendor Direct Fulfillment Shipping, v1 and v2021-12-28.
  ...(
    [
      ['vendorDirectFulfillmentShippingV1', DF_SHIP_V1],
      ['vendorDirectFulfillmentShipping_2021-12-28', DF_SHIP],
    ] as const
  ).flatMap(([api, base]) => [
    op(api, 'getShippingLabels', 'GET', `${base}/shippingLabels`, [ROLES.shipping]),
    op(api, 'getShippingLabel', 'GET', `${base}/shippingLabels/{purchaseOrderNumber}`, [ROLES.shipping]),
    op(api, 'getPackingSlips', 'GET', `${base}/packingSlips`, [ROLES.shipping]),
    op(api, 'getPackingSlip', 'GET', `${base}/packingSlips/{purchaseOrderNumber}`, [ROLES.shipping]),
    op(api, 'getCustomerInvoices', 'GET', `${base}/customerInvoices`, [ROLES.shipping]),
    op(api, 'getCustomerInvoice', 'GET', `${base}/customerInvoices/{purchaseOrderNumber}`, [ROLES.shipping]),
  ]),
  op(
    'vendorDirectFulfillmentShipping_2021-12-28',
    'createShippingLabels',
    'POST',
    `${DF_SHIP}/shippingLabels/{purchaseOrderNumber}`,
    [ROLES.shipping],
  ),
];
