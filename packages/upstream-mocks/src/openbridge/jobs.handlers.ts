// Service API jobs proxy: /service/jobs/jobs (documented) and /service/jobs/production/jobs (reference server).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { JOBS } from './fixtures/jobs.js';
import { guarded, param } from './guard.js';
import { json, paginated } from './json-api.js';

const PREFIXES = ['/service/jobs/jobs', '/service/jobs/production/jobs'];

const list = guarded('jsonapi', ({ request }) => {
  const url = new URL(request.url);
  let rows = JOBS;
  const subs = url.searchParams.get('subscription_ids');
  if (subs) {
    const wanted = new Set(subs.split(','));
    rows = rows.filter((j) => wanted.has(String(j.attributes.subscription_id)));
  }
  const ids = url.searchParams.get('ids') ?? url.searchParams.get('id');
  if (ids) {
    const wanted = new Set(ids.split(','));
    rows = rows.filter((j) => wanted.has(j.id));
  }
  const status = url.searchParams.get('status');
  if (status) rows = rows.filter((j) => j.attributes.status === status);
  const primary = url.searchParams.get('is_primary');
  if (primary === 'true' || primary === 'false')
    rows = rows.filter((j) => j.attributes.is_primary === (primary === 'true'));
  return paginated(request, rows, 25);
});

const one = guarded('jsonapi', (info) => {
  const found = JOBS.find((j) => j.id === param(info, 'id'));
  return found ? json({ data: found }) : errorResponse('jsonapi', 404, 'Job not found.');
});

export const jobsHandlers = PREFIXES.flatMap((prefix) => [
  http.get(`${OPENBRIDGE_HOSTS.service}${prefix}`, list),
  http.get(`${OPENBRIDGE_HOSTS.service}${prefix}/:id`, one),
]);
