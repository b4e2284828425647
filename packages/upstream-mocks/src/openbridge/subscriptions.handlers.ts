// subscriptions.api.openbridge.io: v2 /sub, /product, /storages (JSON:API errors) and legacy v1 /product.
import { http } from 'msw';
import { MOCK_ACCOUNT_ID, MOCK_USER_ID, OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { PRODUCTS, STORAGES, SUBSCRIPTIONS, allocateSubscriptionId } from './fixtures/subscriptions.js';
import { guarded, param } from './guard.js';
import { json, paginated, readJsonApi, type Resource } from './json-api.js';

const HOST = OPENBRIDGE_HOSTS.subscriptions;

function attr(resource: Resource, name: string): unknown {
  return resource.attributes[name];
}

const listSubscriptions = guarded('jsonapi', ({ request }) => {
  const url = new URL(request.url);
  let rows = [...SUBSCRIPTIONS.values()];
  for (const [key, field] of [
    ['status', 'status'],
    ['product_id', 'product_id'],
    ['remote_identity_id', 'remote_identity_id'],
    ['storage_group_id', 'storage_group_id'],
  ] as const) {
    const value = url.searchParams.get(key);
    if (value !== null) rows = rows.filter((r) => String(attr(r, field)) === value);
  }
  const not = url.searchParams.get('status__not');
  if (not !== null) rows = rows.filter((r) => attr(r, 'status') !== not);
  return paginated(request, rows);
});

const createSubscription = guarded('jsonapi', async ({ request }) => {
  const data = await readJsonApi(request);
  if (data?.type !== 'Subscription' || !data.attributes) {
    return errorResponse('jsonapi', 400, 'Expected a Subscription resource object.');
  }
  const a = data.attributes;
  const missing = ['product', 'name', 'storage_group'].filter((k) => a[k] === undefined);
  if (missing.length > 0)
    return errorResponse('jsonapi', 400, `Missing required attributes: ${missing.join(', ')}.`);
  const product = PRODUCTS.find((p) => p.id === String(a.product));
  if (!product)
    return errorResponse('jsonapi', 400, `Invalid pk "${String(a.product)}" - object does not exist.`);
  if (attr(product, 'active') !== 1) return errorResponse('jsonapi', 400, 'Product is not active.');
  const id = allocateSubscriptionId();
  const resource: Resource = {
    type: 'Subscription',
    id: String(id),
    attributes: {
      status: typeof a.status === 'string' ? a.status : 'active',
      date_start: a.date_start ?? new Date().toISOString(),
      created_at: new Date().toISOString(),
      modified_at: new Date().toISOString(),
      name: a.name,
      invalidated_at: null,
      account_id: MOCK_ACCOUNT_ID,
      product_id: Number(a.product),
      subproduct_id: null,
      remote_identity_id: a.remote_identity ?? null,
      storage_group_id: Number(a.storage_group),
      multi_storage_parent_id: null,
      user_id: MOCK_USER_ID,
    },
  };
  SUBSCRIPTIONS.set(id, resource);
  return json({ data: resource }, 201);
});

const getSubscription = guarded('jsonapi', (info) => {
  const found = SUBSCRIPTIONS.get(Number(param(info, 'id')));
  return found ? json({ data: found }) : errorResponse('jsonapi', 404, 'Not found.', { code: 'not_found' });
});

const patchSubscription = guarded('jsonapi', async (info) => {
  const found = SUBSCRIPTIONS.get(Number(param(info, 'id')));
  if (!found) return errorResponse('jsonapi', 404, 'Not found.', { code: 'not_found' });
  const data = await readJsonApi(info.request);
  if (!data?.attributes) return errorResponse('jsonapi', 400, 'Expected a Subscription resource object.');
  const a = { ...data.attributes };
  if ('subscription_product_meta_attributes' in a) {
    return errorResponse('jsonapi', 400, 'subscription_product_meta_attributes is not supported in v2.');
  }
  const ids = [a.remote_identity, a.remote_identity_id].filter((v) => v !== undefined).map(String);
  if (new Set(ids).size > 1) return errorResponse('jsonapi', 400, 'Conflicting remote identity values.');
  if (ids[0] !== undefined) a.remote_identity_id = Number(ids[0]);
  delete a.remote_identity;
  if (a.status !== undefined && !['active', 'cancelled', 'paused', 'invalid'].includes(String(a.status))) {
    return errorResponse('jsonapi', 400, `"${String(a.status).slice(0, 40)}" is not a valid choice.`);
  }
  const updated: Resource = {
    ...found,
    attributes: { ...found.attributes, ...a, modified_at: new Date().toISOString() },
  };
  SUBSCRIPTIONS.set(Number(found.id), updated);
  return json({ data: updated });
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
  http.get(
    `${HOST}/v2/storages`,
    guarded('jsonapi', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return paginated(request, status ? STORAGES.filter((s) => attr(s, 'status') === status) : STORAGES);
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
