// Report types whose documents carry PII: getReportDocument needs an RDT for exactly these.
//
// Source: the Tokens API use case guide's "Restricted report types" list (amzn/selling-partner-api-docs,
// guides/en-US/use-case-guides/tokens-api-use-case-guide/tokens-API-use-case-guide-2021-03-01.md at
// 390a74a), and the report type pages that mark a type "This is a restricted report type" with its role
// (e.g. https://developer-docs.amazon.com/sp-api/docs/report-type-values-order: the Unshipped Orders
// Report GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING, role Direct to Consumer Shipping (Restricted);
// https://developer-docs.amazon.com/sp-api/docs/easy-ship-reports-attributes: GET_EASYSHIP_DOCUMENTS).
import { ROLES, type RoleName } from './restricted-operations.js';

const SHIPPING = [ROLES.shipping] as const;
const INVOICING = [ROLES.invoicing] as const;
const REMITTANCE = [ROLES.remittance] as const;
const TAX = [ROLES.invoicing, ROLES.remittance] as const;

/** Restricted report type → the roles that grant it (the suffix names the role: _SHIPPING, _INVOICING, _TAX). */
export const RESTRICTED_REPORT_TYPES: Readonly<Record<string, readonly RoleName[]>> = {
  GET_AMAZON_FULFILLED_SHIPMENTS_DATA_INVOICING: INVOICING,
  GET_AMAZON_FULFILLED_SHIPMENTS_DATA_TAX: REMITTANCE,
  GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING: SHIPPING,
  GET_FLAT_FILE_ORDER_REPORT_DATA_SHIPPING: SHIPPING,
  GET_FLAT_FILE_ORDER_REPORT_DATA_INVOICING: INVOICING,
  GET_FLAT_FILE_ORDER_REPORT_DATA_TAX: REMITTANCE,
  GET_FLAT_FILE_ORDERS_RECONCILIATION_DATA_TAX: REMITTANCE,
  GET_FLAT_FILE_ORDERS_RECONCILIATION_DATA_INVOICING: INVOICING,
  GET_FLAT_FILE_ORDERS_RECONCILIATION_DATA_SHIPPING: SHIPPING,
  GET_ORDER_REPORT_DATA_INVOICING: INVOICING,
  GET_ORDER_REPORT_DATA_TAX: REMITTANCE,
  GET_ORDER_REPORT_DATA_SHIPPING: SHIPPING,
  GET_EASYSHIP_DOCUMENTS: [ROLES.invoicing, ROLES.shipping],
  GET_GST_MTR_B2B_CUSTOM: TAX,
  GET_VAT_TRANSACTION_DATA: TAX,
  SC_VAT_TAX_REPORT: TAX,
};

export function isRestrictedReportType(reportType: string | undefined): boolean {
  // No report type reads as the key 'undefined', which is no report type.
  return Object.hasOwn(RESTRICTED_REPORT_TYPES, String(reportType));
}
