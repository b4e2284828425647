// Service API products payloads (/service/products/product/{id}/payloads) and the Rules API search.
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { payloadsFor, RULES } from './fixtures/tables.js';
import { guarded, param } from './guard.js';
import { paginated } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service`;

const payloads = guarded('flat_message', (info) => {
  const rows = payloadsFor(Number(param(info, 'id')));
  if (!rows) return errorResponse('flat_message', 404, `Product ${param(info, 'id').slice(0, 20)} not found`);
  const gte = Number(new URL(info.request.url).searchParams.get('stage_id__gte'));
  const filtered = Number.isFinite(gte) ? rows.filter((r) => Number(r.attributes.stage_id) >= gte) : rows;
  return paginated(info.request, filtered);
});

/** service-rules-api.md query parameters: `path` (exact), `path__icontains`, `version`, `latest`. */
const rulesSearch = guarded('flat_message', ({ request }) => {
  const url = new URL(request.url);
  const exact = url.searchParams.get('path');
  const contains = url.searchParams.get('path__icontains')?.toLowerCase();
  const version = url.searchParams.get('version');
  const rows = RULES.filter((r) => {
    const path = String(r.attributes.path);
    if (exact !== null && path !== exact) return false;
    if (contains !== undefined && !path.toLowerCase().includes(contains)) return false;
    return version === null || String(r.attributes.version) === version;
  });
  return paginated(request, rows);
});

export const productsHandlers = [
  http.get(`${BASE}/products/product/:id/payloads`, payloads),
  http.get(`${BASE}/rules/prod/v1/rules/search`, rulesSearch),
];
