// The SP mock's restricted data: which resources need a restricted-data token (RDT), the RDTs the Tokens
// mock issued, and what a request's token grants. Per the Tokens API use case guide ("List of restricted
// operations", "generic path" vs "specific path") and tokens_2021-03-01.json `RestrictedResource`.
import { refreshTokenOf } from '../lwa/tokens.js';

/** A restricted operation as the Tokens API knows it. */
interface RestrictedEntry {
  method: string;
  template: string;
  /** dataElements this resource accepts (only Orders v0 getOrders/getOrder/getOrderItems take them). */
  dataElements?: readonly string[];
  /** getReportDocument: "the specified restricted resource can contain only a specific path". */
  specificOnly?: true;
}

const V0 = '/orders/v0/orders';
const ORDER_ELEMENTS = ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'] as const;
const DF_ORDERS = ['/vendor/directFulfillment/orders/v1', '/vendor/directFulfillment/orders/2021-12-28'];
const DF_SHIPPING = [
  '/vendor/directFulfillment/shipping/v1',
  '/vendor/directFulfillment/shipping/2021-12-28',
];

const ENTRIES: RestrictedEntry[] = [
  { method: 'GET', template: V0, dataElements: ORDER_ELEMENTS },
  { method: 'GET', template: `${V0}/{orderId}`, dataElements: ORDER_ELEMENTS },
  { method: 'GET', template: `${V0}/{orderId}/orderItems`, dataElements: ['buyerInfo'] },
  { method: 'GET', template: `${V0}/{orderId}/address` },
  { method: 'GET', template: `${V0}/{orderId}/buyerInfo` },
  { method: 'GET', template: `${V0}/{orderId}/orderItems/buyerInfo` },
  { method: 'GET', template: `${V0}/{orderId}/regulatedInfo` },
  { method: 'GET', template: '/reports/2021-06-30/documents/{reportDocumentId}', specificOnly: true },
  { method: 'GET', template: '/mfn/v0/shipments/{shipmentId}' },
  { method: 'DELETE', template: '/mfn/v0/shipments/{shipmentId}' },
  { method: 'PUT', template: '/mfn/v0/shipments/{shipmentId}/cancel' },
  { method: 'POST', template: '/mfn/v0/shipments' },
  { method: 'POST', template: '/easyShip/2022-03-23/packages/bulk' },
  { method: 'GET', template: '/fba/outbound/brazil/v0/shipments/{shipmentId}' },
  ...DF_ORDERS.flatMap((base) => [
    { method: 'GET', template: `${base}/purchaseOrders` },
    { method: 'GET', template: `${base}/purchaseOrders/{purchaseOrderNumber}` },
  ]),
  ...DF_SHIPPING.flatMap((base) =>
    ['shippingLabels', 'packingSlips', 'customerInvoices'].flatMap((kind) => [
      { method: 'GET', template: `${base}/${kind}` },
      { method: 'GET', template: `${base}/${kind}/{purchaseOrderNumber}` },
    ]),
  ),
  {
    method: 'POST',
    template: '/vendor/directFulfillment/shipping/2021-12-28/shippingLabels/{purchaseOrderNumber}',
  },
];

const patternOf = (template: string): RegExp => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const COMPILED = ENTRIES.map((entry) => ({ entry, pattern: patternOf(entry.template) }));

/** The restricted entry a concrete (or generic) `method path` names. */
export function restrictedEntry(method: string, path: string): RestrictedEntry | undefined {
  return COMPILED.find(
    (c) => c.entry.method === method && (c.entry.template === path || c.pattern.test(path)),
  )?.entry;
}

export function isGenericPath(entry: RestrictedEntry, path: string): boolean {
  return entry.template === path && entry.template.includes('{');
}

/** One granted resource of an RDT. */
export interface GrantedResource {
  method: string;
  path: string;
  dataElements: string[];
}

interface IssuedRdt {
  refreshToken: string;
  resources: GrantedResource[];
}

const issued = new Map<string, IssuedRdt>();
let serial = 0;

export const RDT_PREFIX = 'Atz.sprdt|';

/** Forgets every issued RDT (a fresh process's state, for in-process tests). */
export function resetIssuedRdts(): void {
  issued.clear();
  serial = 0;
}

export function issueRdt(refreshToken: string, resources: GrantedResource[]): string {
  serial += 1;
  const token = `${RDT_PREFIX}mock-${serial}-${Math.random().toString(36).slice(2, 12)}`;
  issued.set(token, { refreshToken, resources });
  return token;
}

export function isRdt(token: string): boolean {
  return token.startsWith(RDT_PREFIX);
}

/** The resources of `token` that cover `method path` (a specific path, or a generic one matching it). */
function covering(token: string, method: string, path: string): GrantedResource[] | undefined {
  const rdt = issued.get(token);
  if (!rdt) return undefined;
  return rdt.resources.filter(
    (r) => r.method === method && (r.path === path || (r.path.includes('{') && patternOf(r.path).test(path))),
  );
}

/** 'unknown' (never issued), 'wrong-resource' (issued for other resources) or 'valid'. */
export function rdtState(
  token: string,
  method: string,
  path: string,
): 'unknown' | 'wrong-resource' | 'valid' {
  const hit = covering(token, method, path);
  if (hit === undefined) return 'unknown';
  return hit.length > 0 ? 'valid' : 'wrong-resource';
}

/**
 * What the request's access token grants for its own resource: undefined for an LWA token (no
 * restricted data), else the granted dataElements (empty for a resource that takes none).
 */
export function grantOf(request: Request): Set<string> | undefined {
  const token = request.headers.get('x-amz-access-token') ?? '';
  if (!isRdt(token)) return undefined;
  const hit = covering(token, request.method, new URL(request.url).pathname) ?? [];
  return new Set(hit.flatMap((r) => r.dataElements));
}

/** The restricted roles of the identity whose LWA access token the request carries (all for an RDT). */
export function requestRoles(request: Request): { shipping: boolean; tax: boolean } {
  return rolesOf(refreshTokenOf(request.headers.get('x-amz-access-token') ?? '') ?? '');
}

/**
 * The restricted roles an identity's application holds, by a marker in the mock refresh token:
 * `no-pii-role` → none; `shipping-role-only` → Direct-to-Consumer Shipping; anything else → all.
 */
export function rolesOf(refreshToken: string): { shipping: boolean; tax: boolean } {
  if (refreshToken.includes('no-pii-role')) return { shipping: false, tax: false };
  if (refreshToken.includes('shipping-role-only')) return { shipping: true, tax: false };
  return { shipping: true, tax: true };
}
