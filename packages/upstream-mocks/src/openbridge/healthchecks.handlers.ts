// Service API healthchecks: /service/healthchecks/production/healthchecks/account/{account_id} (403 on a foreign account).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { healthchecksFor } from './fixtures/healthchecks.js';
import { guarded, param } from './guard.js';
import { intParam, json } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service/healthchecks/production/healthchecks/account`;

const list = guarded('flat_detail', (info) => {
  if (Number(param(info, 'account')) !== info.claims.account_id) {
    return errorResponse('flat_detail', 403, 'You do not have permission to perform this action.');
  }
  const url = new URL(info.request.url);
  let rows = healthchecksFor();
  const status = url.searchParams.get('status');
  if (status) rows = rows.filter((r) => r.status === status);
  const sub = url.searchParams.get('subscription_id');
  if (sub) rows = rows.filter((r) => String(r.subscription_id) === sub);
  const gt = url.searchParams.get('modified_at__gt');
  if (gt) rows = rows.filter((r) => r.modified_at > gt);
  const lt = url.searchParams.get('modified_at__lt');
  if (lt) rows = rows.filter((r) => r.modified_at < lt);
  const pageSize = intParam(url, 'page_size', 20);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(intParam(url, 'page', 1), pages);
  const link = (p: number): string | null => {
    if (p < 1 || p > pages) return null;
    const next = new URL(url);
    next.searchParams.set('page', String(p));
    return next.toString();
  };
  return json({
    count: rows.length,
    links: { next: link(page + 1), previous: link(page - 1) },
    results: rows.slice((page - 1) * pageSize, page * pageSize),
  });
});

export const healthchecksHandlers = [http.get(`${BASE}/:account`, list)];
