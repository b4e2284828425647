// subscriptions.api.openbridge.io: v2 /sub, /spp, /product, /storages (JSON:API errors; writes checked against the doc schemas) and legacy v1 /product.
import { http } from 'msw';
import { MOCK_ACCOUNT_ID, MOCK_USER_ID, OPENBRIDGE_HOSTS } from './constants.js';
import { checkRequest } from './doc-schemas/validate.js';
import { errorResponse, invalidRequest } from './errors.js';
import {
  allocateSubscriptionId,
  PARAMETERS,
  PRODUCTS,
  STORAGE_GROUPS,
  STORAGES,
  SUBSCRIPTIONS,
} from './fixtures/subscriptions.js';
import { guarded, param } from './guard.js';
import { json, paginated, type Resource, readBody } from './json-api.js';

const HOST = OPENBRIDGE_HOSTS.subscriptions;

function attr(resource: Resource, name: string): unknown {
  return resource.attributes[name];
}

/**
 * subscriptions-api.md "List Subscriptions": filters id, name, status, status__not and the account, product,
 * storage-group, user and remote-identity ids (`product=`, not `product_id=`). Like any DRF filter set, an
 * undocumented parameter is ignored, so the list comes back unfiltered.
 */
const FILTERS = [
  ['id', (r: Resource) => r.id],
  ['name', (r: Resource) => attr(r, 'name')],
  ['status', (r: Resource) => attr(r, 'status')],
  ['account', (r: Resource) => attr(r, 'account_id')],
  ['product', (r: Resource) => attr(r, 'product_id')],
  ['storage_group', (r: Resource) => attr(r, 'storage_group_id')],
  ['user', (r: Resource) => attr(r, 'user_id')],
  ['remote_identity', (r: Resource) => attr(r, 'remote_identity_id')],
] as const;

const listSubscriptions = guarded('jsonapi', ({ request }) => {
  const url = new URL(request.url);
  let rows = [...SUBSCRIPTIONS.values()];
  for (const [key, read] of FILTERS) {
    const value = url.searchParams.get(key);
    if (value !== null) rows = rows.filter((r) => String(read(r)) === value);
  }
  const not = url.searchParams.get('status__not');
  if (not !== null) rows = rows.filter((r) => attr(r, 'status') !== not);
  return paginated(request, rows);
});

const createSubscription = guarded('jsonapi', async ({ request, claims }) => {
  const body = await readBody(request);
  const issues = checkRequest('subscriptionCreate', body);
  if (issues.length > 0) return invalidRequest('jsonapi', issues);
  const a = (body as { data: { attributes: Record<string, unknown> } }).data.attributes;
  if (Number(a.account) !== claims.account_id)
    return errorResponse('jsonapi', 403, 'You do not have permission to perform this action.');
  const product = PRODUCTS.find((p) => p.id === String(a.product));
  if (!product)
    return errorResponse('jsonapi', 400, `Invalid pk "${String(a.product)}" - object does not exist.`);
  if (attr(product, 'active') !== 1) return errorResponse('jsonapi', 400, 'Product is not active.');
  const id = allocateSubscriptionId();
  const now = new Date().toISOString();
  const resource: Resource = {
    type: 'Subscription',
    id: String(id),
    attributes: {
      status: a.status,
      date_start: a.date_start,
      created_at: now,
      modified_at: now,
      name: a.name ?? null,
      invalidated_at: null,
      account_id: MOCK_ACCOUNT_ID,
      product_id: Number(a.product),
      subproduct_id: null,
      remote_identity_id: a.remote_identity ?? a.remote_identity_id ?? null,
      storage_group_id: a.storage_group === undefined ? null : Number(a.storage_group),
      multi_storage_parent_id: null,
      user_id: MOCK_USER_ID,
    },
  };
  if (resource.attributes.remote_identity_id !== null)
    resource.attributes.remote_identity_id = Number(resource.attributes.remote_identity_id);
  SUBSCRIPTIONS.set(id, resource);
  if (a.product_parameters) PARAMETERS[id] = { ...(a.product_parameters as Record<string, string>) };
  return json({ data: resource }, 201);
});

const getSubscription = guarded('jsonapi', (info) => {
  const found = SUBSCRIPTIONS.get(Number(param(info, 'id')));
  return found ? json({ data: found }) : errorResponse('jsonapi', 404, 'Not found.', { code: 'not_found' });
});

const patchSubscription = guarded('jsonapi', async (info) => {
  const found = SUBSCRIPTIONS.get(Number(param(info, 'id')));
  if (!found) return errorResponse('jsonapi', 404, 'Not found.', { code: 'not_found' });
  const body = await readBody(info.request);
  const raw = (body as { data?: { attributes?: Record<string, unknown> } } | undefined)?.data?.attributes;
  if (raw && 'subscription_product_meta_attributes' in raw) {
    return errorResponse('jsonapi', 400, 'subscription_product_meta_attributes is not supported in v2.');
  }
  const issues = checkRequest('subscriptionUpdate', body);
  if (issues.length > 0) return invalidRequest('jsonapi', issues);
  const a = { ...(raw ?? {}) };
  const ids = [a.remote_identity, a.remote_identity_id].filter((v) => v !== undefined).map(String);
  if (new Set(ids).size > 1) return errorResponse('jsonapi', 400, 'Conflicting remote identity values.');
  const changes: Record<string, unknown> = {};
  for (const key of ['name', 'status', 'date_start'] as const)
    if (a[key] !== undefined) changes[key] = a[key];
  if (ids[0] !== undefined) changes.remote_identity_id = ids[0] === 'null' ? null : Number(ids[0]);
  if (a.storage_group !== undefined) changes.storage_group_id = Number(a.storage_group);
  if (a.product_parameters) {
    // "product_parameters on update is a partial merge, not a replacement"
    PARAMETERS[Number(found.id)] = {
      ...(PARAMETERS[Number(found.id)] ?? {}),
      ...(a.product_parameters as Record<string, string>),
    };
  }
  const updated: Resource = {
    ...found,
    attributes: { ...found.attributes, ...changes, modified_at: new Date().toISOString() },
  };
  SUBSCRIPTIONS.set(Number(found.id), updated);
  return json({ data: updated });
});

/** subscriptions-api.md "Read parameters for one subscription": 400 without subscription_id, 404 unknown. */
const readParameters = guarded('jsonapi', ({ request }) => {
  const raw = new URL(request.url).searchParams.get('subscription_id');
  if (raw === null || !/^\d+$/.test(raw))
    return errorResponse('jsonapi', 400, 'subscription_id: A valid integer is required.');
  const id = Number(raw);
  const known = SUBSCRIPTIONS.has(id) || STORAGES.some((s) => s.id === raw);
  if (!known) return errorResponse('jsonapi', 404, 'Not found.', { code: 'not_found' });
  return json({
    data: { type: 'SubscriptionProductParameters', id: raw, attributes: { ...(PARAMETERS[id] ?? {}) } },
  });
});

function productFilter(request: Request, legacy: boolean): Resource[] {
  const url = new URL(request.url);
  let rows = PRODUCTS;
  const storage = url.searchParams.get('is_storage_product');
  if (storage === '0' || storage === '1')
    rows = rows.filter((p) => attr(p, 'is_storage_product') === Number(storage));
  const type = url.searchParams.get('remote_identity_type');
  if (type !== null) {
    rows = rows.filter((p) => {
      const rel = p.relationships?.remote_identity_type as { data?: { id?: string } | null } | undefined;
      return rel?.data?.id === type;
    });
  }
  const needle = legacy ? url.searchParams.get('name__icontains') : null;
  if (needle) rows = rows.filter((p) => String(attr(p, 'name')).toLowerCase().includes(needle.toLowerCase()));
  return rows;
}

export const subscriptionsHandlers = [
  http.get(`${HOST}/v2/sub`, listSubscriptions),
  http.post(`${HOST}/v2/sub`, createSubscription),
  http.get(`${HOST}/v2/sub/:id`, getSubscription),
  http.patch(`${HOST}/v2/sub/:id`, patchSubscription),
  http.get(
    `${HOST}/v2/product`,
    guarded('jsonapi', ({ request }) => paginated(request, productFilter(request, false))),
  ),
  http.get(
    `${HOST}/v2/product/:id`,
    guarded('jsonapi', (info) => {
      const found = PRODUCTS.find((p) => p.id === param(info, 'id'));
      return found
        ? json({ data: found })
        : errorResponse('jsonapi', 404, 'Not found.', { code: 'not_found' });
    }),
  ),
  http.get(`${HOST}/v2/spp`, readParameters),
  http.get(
    `${HOST}/v2/storages`,
    guarded('jsonapi', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const rows = status ? STORAGES.filter((s) => attr(s, 'status') === status) : STORAGES;
      const groups = new Set(rows.map((r) => String(attr(r, 'storage_group_id'))));
      return paginated(request, rows, 100, { included: STORAGE_GROUPS.filter((g) => groups.has(g.id)) });
    }),
  ),
  // Legacy v1 product list: still the only one documenting name__icontains; carries Deprecation.
  http.get(
    `${HOST}/product`,
    guarded('jsonapi', ({ request }) => {
      const res = paginated(request, productFilter(request, true));
      res.headers.set('deprecation', 'true');
      return res;
    }),
  ),
];
