// Service API history proxy: POST history/{subscription_id}, GET/PATCH history/{transaction_id} (bare-array 400s).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { allocateHistoryId, HISTORY, historyResource } from './fixtures/jobs.js';
import { SUBSCRIPTIONS } from './fixtures/subscriptions.js';
import { guarded, param } from './guard.js';
import { json, readJsonApi } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service/history/production/history`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES = ['active', 'cancelled', 'completed', 'failed'];
const KNOWN_STAGES = new Set([0, 1000, 1001, 1002]);

const create = guarded('bare_array', async (info) => {
  const subscriptionId = Number(param(info, 'id'));
  const subscription = SUBSCRIPTIONS.get(subscriptionId);
  if (!subscription) return errorResponse('flat_message', 404, `Subscription ${subscriptionId} not found`);
  const data = await readJsonApi(info.request);
  const a = data?.attributes;
  if (data?.type !== 'HistoryTransaction' || !a) {
    return errorResponse('bare_array', 400, 'Expected a HistoryTransaction resource', {
      code: 'INVALID_BODY',
    });
  }
  if (!DATE.test(String(a.start_date)) || !DATE.test(String(a.end_date))) {
    return errorResponse('bare_array', 400, 'start_date and end_date must be YYYY-MM-DD', {
      code: 'INVALID_DATE',
    });
  }
  if (String(a.start_date) > String(a.end_date)) {
    return errorResponse('bare_array', 400, 'start_date must not be after end_date', {
      code: 'INVALID_DATE_RANGE',
    });
  }
  if (a.stage_id !== undefined && a.stage_id !== null && !KNOWN_STAGES.has(Number(a.stage_id))) {
    return errorResponse(
      'bare_array',
      400,
      `stage_id ${String(a.stage_id).slice(0, 12)} is not a stage of this product`,
      {
        code: 'INVALID_STAGE',
      },
    );
  }
  const id = allocateHistoryId();
  const now = new Date().toISOString().slice(0, 19);
  const resource = historyResource(id, {
    subscription_id: subscriptionId,
    product_id: a.product_id ?? subscription.attributes.product_id,
    stage_id: a.stage_id ?? null,
    start_date: a.start_date,
    end_date: a.end_date,
    status: 'active',
    primary_run: a.primary_run ?? false,
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

const patch = guarded('bare_array', async (info) => {
  const id = Number(param(info, 'id'));
  const found = HISTORY.get(id);
  if (!found) return errorResponse('flat_message', 404, 'History transaction not found');
  const data = await readJsonApi(info.request);
  const status = data?.attributes?.status;
  if (typeof status !== 'string' || !STATUSES.includes(status)) {
    return errorResponse('bare_array', 400, `status must be one of ${STATUSES.join(', ')}`, {
      code: 'INVALID_STATUS',
    });
  }
  const updated = historyResource(id, {
    ...found.attributes,
    status,
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
