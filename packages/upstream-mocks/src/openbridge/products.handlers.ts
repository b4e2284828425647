// Service API products payloads (/service/products/product/{id}/payloads) and the Rules API search.
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { payloadsFor, RULES } from './fixtures/tables.js';
import { guarded, param } from './guard.js';
import { json, paginated } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service`;

const payloads = guarded('flat_message', (info) => {
  const rows = payloadsFor(Number(param(info, 'id')));
  if (!rows) return errorResponse('flat_message', 404, `Product ${param(info, 'id').slice(0, 20)} not found`);
  const gte = Number(new URL(info.request.url).searchParams.get('stage_id__gte'));
  const filtered = Number.isFinite(gte) ? rows.filter((r) => Number(r.attributes.stage_id) >= gte) : rows;
  return paginated(info.request, filtered);
});

/** `path` matches the end of a rule path (or anywhere, for path__icontains); `latest=true` is accepted. */
const rulesSearch = guarded('flat_message', ({ request }) => {
  const url = new URL(request.url);
  const exact = url.searchParams.get('path')?.toLowerCase();
  const contains = url.searchParams.get('path__icontains')?.toLowerCase();
  if (exact === undefined && contains === undefined) {
    return errorResponse('flat_message', 400, 'One of path or path__icontains is required');
  }
  const rows = RULES.filter((r) => {
    const path = String(r.attributes.path).toLowerCase();
    if (exact !== undefined && !(path === exact || path.endsWith(`/${exact}`) || path.includes(exact)))
      return false;
    return contains === undefined || path.includes(contains);
  });
  return rows.length === 0 ? json({ data: [] }) : paginated(request, rows);
});

export const productsHandlers = [
  http.get(`${BASE}/products/product/:id/payloads`, payloads),
  http.get(`${BASE}/rules/prod/v1/rules/search`, rulesSearch),
];
