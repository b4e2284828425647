// Service API products payloads (/service/products/product/{id}/payloads) and the Rules API search (rules-search.ts).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { payloadsFor } from './fixtures/tables.js';
import { guarded, param } from './guard.js';
import { paginated } from './json-api.js';
import { rulesSearch } from './rules-search.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service`;

const payloads = guarded('flat_message', (info) => {
  const rows = payloadsFor(Number(param(info, 'id')));
  if (!rows) return errorResponse('flat_message', 404, `Product ${param(info, 'id').slice(0, 20)} not found`);
  const gte = Number(new URL(info.request.url).searchParams.get('stage_id__gte'));
  const filtered = Number.isFinite(gte) ? rows.filter((r) => Number(r.attributes.stage_id) >= gte) : rows;
  return paginated(info.request, filtered);
});

export const productsHandlers = [
  http.get(`${BASE}/products/product/:id/payloads`, payloads),
  http.get(`${BASE}/rules/prod/v1/rules/search`, guarded('flat_message', rulesSearch)),
];
