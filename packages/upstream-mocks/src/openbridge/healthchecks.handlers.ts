// Service API healthchecks: /service/healthchecks/production/healthchecks/account/{account_id} — a paginated JSON:API list (403 on a foreign account).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { type HealthcheckRow, healthchecksFor } from './fixtures/healthchecks.js';
import { guarded, param } from './guard.js';
import { paginated } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service/healthchecks/production/healthchecks/account`;

type Field = keyof HealthcheckRow;
/** service-healthchecks-api.md "Filter fields": exact match, or a Django lookup suffix. */
const LOOKUPS: Record<string, (value: string, wanted: string) => boolean> = {
  '': (v, w) => v === w,
  exact: (v, w) => v === w,
  gt: (v, w) => v > w,
  gte: (v, w) => v >= w,
  lt: (v, w) => v < w,
  lte: (v, w) => v <= w,
  contains: (v, w) => v.includes(w),
  icontains: (v, w) => v.toLowerCase().includes(w.toLowerCase()),
};
const FIELDS = new Set<Field>([
  'id',
  'modified_at',
  'hc_runtime',
  'status',
  'subscription_id',
  'subscription_name',
  'product_id',
  'product_name',
  'payload_name',
  'job_id',
  'message',
  'err_msg',
]);

function compare(a: unknown, b: unknown): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

const list = guarded('flat_detail', (info) => {
  if (Number(param(info, 'account')) !== info.claims.account_id) {
    return errorResponse('flat_detail', 403, 'You do not have permission to perform this action.');
  }
  const url = new URL(info.request.url);
  let rows = healthchecksFor();
  for (const [key, wanted] of url.searchParams) {
    const [field, lookup = ''] = key.split('__') as [Field, string?];
    const test = LOOKUPS[lookup];
    if (!FIELDS.has(field) || !test) continue; // unknown filters are ignored, as Django filters do
    rows = rows.filter((r) => r[field] !== null && test(String(r[field]), wanted));
  }
  // Default order: most recent first (tutorials/monitoring-healthchecks.md); order_by=field,-field.
  const order = (url.searchParams.get('order_by') ?? '-modified_at').split(',');
  rows = [...rows].sort((x, y) => {
    for (const key of order) {
      const desc = key.startsWith('-');
      const field = key.replace(/^-/, '') as Field;
      const c = compare(x[field], y[field]);
      if (c !== 0) return desc ? -c : c;
    }
    return y.id - x.id;
  });
  const resources = rows.map(({ id, ...attributes }) => ({
    type: 'Healthcheck',
    id: String(id),
    attributes,
  }));
  return paginated(info.request, resources, 20);
});

export const healthchecksHandlers = [http.get(`${BASE}/:account`, list)];
