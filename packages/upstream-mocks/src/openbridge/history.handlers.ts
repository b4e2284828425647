// Service API history proxy: POST history/{subscription_id}, GET/PATCH history/{transaction_id} (bare-array 400s).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { checkRequest } from './doc-schemas/validate.js';
import { errorResponse, invalidRequest } from './errors.js';
import { allocateHistoryId, HISTORY, historyResource } from './fixtures/jobs.js';
import { SUBSCRIPTIONS } from './fixtures/subscriptions.js';
import { guarded, param } from './guard.js';
import { json, readBody } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service/history/production/history`;
const KNOWN_STAGES = new Set([0, 1000, 1001, 1002]);

const create = guarded('bare_array', async (info) => {
  const subscriptionId = Number(param(info, 'id'));
  const subscription = SUBSCRIPTIONS.get(subscriptionId);
  if (!subscription) return errorResponse('flat_message', 404, `Subscription ${subscriptionId} not found`);
  const body = await readBody(info.request);
  const issues = checkRequest('historyCreate', body);
  if (issues.length > 0) return invalidRequest('bare_array', issues);
  const a = (body as { data: { attributes: Record<string, unknown> } }).data.attributes;
  const dates = Array.isArray(a.dates) ? (a.dates as string[]).slice().sort() : undefined;
  const start = String(dates?.[0] ?? a.start_date);
  const end = String(dates?.[dates.length - 1] ?? a.end_date);
  if (start > end) {
    return errorResponse('bare_array', 400, 'start_date must not be after end_date', {
      code: 'INVALID_DATE_RANGE',
    });
  }
  if (a.stage_id !== undefined && !KNOWN_STAGES.has(Number(a.stage_id))) {
    return errorResponse('bare_array', 400, `stage_id ${String(a.stage_id)} is not a stage of this product`, {
      code: 'INVALID_STAGE',
    });
  }
  const id = allocateHistoryId();
  const now = new Date().toISOString().slice(0, 19);
  const resource = historyResource(id, {
    subscription_id: subscriptionId,
    product_id: a.product_id ?? subscription.attributes.product_id,
    stage_id: a.stage_id ?? null,
    start_date: start,
    end_date: end,
    ...(a.start_time !== undefined ? { start_time: a.start_time } : {}),
    status: 'active',
    created_at: now,
    modified_at: now,
  });
  HISTORY.set(id, resource);
  return json({ data: resource }, 201);
});

const get = guarded('flat_message', (info) => {
  const found = HISTORY.get(Number(param(info, 'id')));
  return found ? json({ data: found }) : errorResponse('flat_message', 404, 'History transaction not found');
});

/** history-api.md: "Accepted value for updates: `cancelled`" — anything else is a 400. */
const patch = guarded('bare_array', async (info) => {
  const id = Number(param(info, 'id'));
  const found = HISTORY.get(id);
  if (!found) return errorResponse('flat_message', 404, 'History transaction not found');
  const body = await readBody(info.request);
  const issues = checkRequest('historyStatusUpdate', body);
  if (issues.length > 0) return invalidRequest('bare_array', issues);
  const updated = historyResource(id, {
    ...found.attributes,
    status: 'cancelled',
    modified_at: new Date().toISOString().slice(0, 19),
  });
  HISTORY.set(id, updated);
  return json({ data: updated });
});

export const historyHandlers = [
  http.post(`${BASE}/:id`, create),
  http.get(`${BASE}/:id`, get),
  http.patch(`${BASE}/:id`, patch),
];
