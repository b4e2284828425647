// The one table of SP-API operations that return personal data and need a restricted-data token (RDT).
//
// Source: Amazon's Tokens API use case guide, "List of restricted operations"
// (https://developer-docs.amazon.com/sp-api/docs/tokens-api-use-case-guide), the roles pages that mark
// operations "- RDT" (e.g. https://developer-docs.amazon.com/sp-api/docs/direct-to-consumer-shipping-restricted-role),
// and the models: tokens_2021-03-01.json `RestrictedResource` (paths, dataElements) and ordersV0.json
// (`Order.ShippingAddress`, `Order.BuyerInfo`, `Order.BuyerTaxInformation`, `OrderItem.BuyerInfo`).
// Only operations present in the vendored models are listed; BEHAVIOR.md ("RDT behaviour") names the rest.
// Rows name the operation ([model stem, operationId]); its method and path template come from the catalog.
import type { OperationRef } from '@obmcp/openapi-tools';
import { spOperation } from '../operations/catalog.js';

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
  method: string;
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

type RowOptions = Partial<Pick<RestrictedOperation, 'dataElements' | 'conditional' | 'rdtPath'>>;
type Row = readonly [ref: OperationRef, roles: readonly RoleName[], options?: RowOptions];

const ORDER_PII: readonly DataElement[] = ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'];
const GENERIC: RowOptions = { rdtPath: 'generic' };

const ROWS: readonly Row[] = [
  // Orders API v0 (the guide lists all seven; Orders v2026-01-01 needs no RDT: "Access Orders PII").
  [['ordersV0', 'getOrders'], ANY_PII_ROLE, { rdtPath: 'generic', dataElements: ORDER_PII }],
  [['ordersV0', 'getOrder'], ANY_PII_ROLE, { rdtPath: 'generic', dataElements: ORDER_PII }],
  [['ordersV0', 'getOrderItems'], BUYER_ROLES, { rdtPath: 'generic', dataElements: ['buyerInfo'] }],
  [['ordersV0', 'getOrderAddress'], [ROLES.shipping, ROLES.remittance], GENERIC],
  [['ordersV0', 'getOrderBuyerInfo'], BUYER_ROLES, GENERIC],
  [['ordersV0', 'getOrderItemsBuyerInfo'], ANY_PII_ROLE, GENERIC],
  [['ordersV0', 'getOrderRegulatedInfo'], ANY_PII_ROLE, GENERIC],
  // Reports API: "restricted only when a restricted report type is specified" (restricted-report-types.ts).
  [['reports_2021-06-30', 'getReportDocument'], ANY_PII_ROLE, { conditional: true }],
  // Merchant Fulfillment API (cancelShipmentOld is listed too, but no longer in the model).
  [['merchantFulfillmentV0', 'getShipment'], [ROLES.shipping], GENERIC],
  [['merchantFulfillmentV0', 'cancelShipment'], [ROLES.shipping], GENERIC],
  [['merchantFulfillmentV0', 'createShipment'], [ROLES.shipping]],
  // Easy Ship API v2022-03-23.
  [['easyShip_2022-03-23', 'createScheduledPackageBulk'], [ROLES.shipping]],
  // Shipment Invoicing (Brazil FBA invoices: the buyer's tax data).
  [['shipmentInvoicingV0', 'getShipmentDetails'], [ROLES.invoicing], GENERIC],
  // Vendor Direct Fulfillment Orders, v1 and v2021-12-28.
  ...(['vendorDirectFulfillmentOrdersV1', 'vendorDirectFulfillmentOrders_2021-12-28'] as const).flatMap(
    (api): Row[] => [
      [[api, 'getOrders'], [ROLES.shipping]],
      [[api, 'getOrder'], [ROLES.shipping]],
    ],
  ),
  // Vendor Direct Fulfillment Shipping, v1 and v2021-12-28.
  ...(['vendorDirectFulfillmentShippingV1', 'vendorDirectFulfillmentShipping_2021-12-28'] as const).flatMap(
    (api): Row[] =>
      [
        'getShippingLabels',
        'getShippingLabel',
        'getPackingSlips',
        'getPackingSlip',
        'getCustomerInvoices',
        'getCustomerInvoice',
      ].map((operationId): Row => [[api, operationId], [ROLES.shipping]]),
  ),
  [['vendorDirectFulfillmentShipping_2021-12-28', 'createShippingLabels'], [ROLES.shipping]],
];

let table: readonly RestrictedOperation[] | undefined;

/** The table with each row's method and path template from the catalog; throws on a row the models lack. */
export function restrictedOperations(): readonly RestrictedOperation[] {
  table ??= ROWS.map(([[api, operationId], roles, options]) => {
    const op = spOperation([api, operationId]);
    return {
      api,
      operationId,
      method: op.meta.method,
      path: op.meta.path,
      roles,
      rdtPath: 'specific',
      ...options,
    };
  });
  return table;
}
