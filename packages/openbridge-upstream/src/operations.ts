// The one table of Openbridge operations any server calls (Openbridge publishes no OpenAPI spec): which API
// host, method and path template each one is; callers name an operation, operationUrl builds the URL.
// Sources: the Openbridge API docs (shared/reference/openbridge.md) as the tools already cite them.
import type { OpenbridgeHost, OpenbridgeHosts } from './hosts.js';

export interface OpenbridgeOperation {
  /** Which host (a configured base URL, OPENBRIDGE_*_BASE_URL in openbridge-mcp) serves it. */
  host: OpenbridgeHost;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path template; `{name}` placeholders are filled from the call's params, encoded. */
  path: string;
  /** The query parameters callers send (as documented, plus the JSON:API `page`/`page_size`). */
  query?: readonly string[];
  /** Takes a JSON body (the call's `body` argument). */
  body?: true;
}

const HISTORY = '/service/history/production/history';

export const OPENBRIDGE_OPERATIONS = {
  /** The refresh token → JWT exchange (authentication-api.md; 200 and 202 both carry the JWT). */
  refreshTokenExchange: { host: 'auth', method: 'POST', path: '/auth/api/ref', body: true },
  listRemoteIdentities: {
    host: 'remoteIdentity',
    method: 'GET',
    path: '/ri',
    query: ['remote_identity_type', 'page'],
  },
  listSharedRemoteIdentities: {
    host: 'remoteIdentity',
    method: 'GET',
    path: '/sri',
    query: ['remote_identity_type', 'invalid_identity', 'page', 'page_size'],
  },
  getRemoteIdentity: { host: 'remoteIdentity', method: 'GET', path: '/ri/{remote_identity_id}' },
  listAmazonAdvertisingProfiles: {
    host: 'service',
    method: 'GET',
    path: '/service/amzadv/profiles-only/{remote_identity_id}',
    query: ['profile_types', 'is_manager'],
  },
  getAmazonAdvertisingToken: {
    host: 'service',
    method: 'GET',
    path: '/service/amzadv/token/{remote_identity_id}',
  },
  listSubscriptions: {
    host: 'subscriptions',
    method: 'GET',
    path: '/v2/sub',
    query: ['status', 'product', 'remote_identity', 'page', 'page_size'],
  },
  getSubscription: { host: 'subscriptions', method: 'GET', path: '/v2/sub/{subscription_id}' },
  createSubscription: { host: 'subscriptions', method: 'POST', path: '/v2/sub', body: true },
  updateSubscription: {
    host: 'subscriptions',
    method: 'PATCH',
    path: '/v2/sub/{subscription_id}',
    body: true,
  },
  listSubscriptionParameters: {
    host: 'subscriptions',
    method: 'GET',
    path: '/v2/spp',
    query: ['subscription_id'],
  },
  listStorages: { host: 'subscriptions', method: 'GET', path: '/v2/storages', query: ['status', 'page'] },
  listProducts: {
    host: 'subscriptions',
    method: 'GET',
    path: '/v2/product',
    query: ['active', 'is_storage_product', 'page', 'page_size'],
  },
  listProductPayloads: {
    host: 'service',
    method: 'GET',
    path: '/service/products/product/{product_id}/payloads',
    query: ['stage_id__gte', 'page'],
  },
  listJobs: {
    host: 'service',
    method: 'GET',
    path: '/service/jobs/jobs',
    query: ['subscription_ids', 'status', 'is_primary', 'page', 'page_size'],
  },
  getJob: { host: 'service', method: 'GET', path: '/service/jobs/jobs/{job_id}' },
  createHistory: { host: 'service', method: 'POST', path: `${HISTORY}/{subscription_id}`, body: true },
  getHistory: { host: 'service', method: 'GET', path: `${HISTORY}/{history_id}` },
  updateHistory: { host: 'service', method: 'PATCH', path: `${HISTORY}/{history_id}`, body: true },
  listAccountHealthchecks: {
    host: 'service',
    method: 'GET',
    path: '/service/healthchecks/production/healthchecks/account/{account_id}',
    query: ['status', 'subscription_id', 'modified_at__gt', 'modified_at__lt', 'page', 'page_size'],
  },
  searchRules: {
    host: 'service',
    method: 'GET',
    path: '/service/rules/prod/v1/rules/search',
    query: ['path', 'path__icontains', 'latest', 'page'],
  },
  runQuery: { host: 'service', method: 'POST', path: '/service/query/production/query', body: true },
} as const satisfies Record<string, OpenbridgeOperation>;

export type OperationName = keyof typeof OPENBRIDGE_OPERATIONS;

/** The operation's URL under the configured hosts; throws (a programming error) on a missing param. */
export function operationUrl(
  urls: Readonly<OpenbridgeHosts>,
  name: OperationName,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const op: OpenbridgeOperation = OPENBRIDGE_OPERATIONS[name];
  const path = op.path.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: path parameter ${key} missing`);
    return encodeURIComponent(String(value));
  });
  return `${urls[op.host]}${path}`;
}
